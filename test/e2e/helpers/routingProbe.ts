/**
 * Routing probes: tool workflows whose every tool calls one echo sub-workflow with its OWN node
 * name as a fixed input, so each answer says which node really ran (test/fixtures/routing).
 * Deploys a layout into an n8n, calls every listed tool once, and sets what ran beside what
 * lint's HMT002 predicts for the same file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { runCli } from './cli';
import { callTool, connectMcp, waitForMcpEndpoint } from './mcp';
import { createCredential, createPublishedWorkflow, type N8nApi } from './n8nRest';
import { openRawSession, rawRequest } from './rawMcp';
import { REPO_ROOT } from './repoRoot';

export const ROUTING_FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'routing');
/** Tool workflows with one disabled tool still wired (written for the project). */
export const ROUTING_LAYOUTS = ['32-tools-17th-disabled.json', '32-tools-28th-disabled.json', '4-tools-first-listed-disabled.json'];
const ECHO_ID = '__ROUTING_ECHO_WORKFLOW_ID__';
const BEARER_ID = '__ROUTING_BEARER_CREDENTIAL_ID__';
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	position: [number, number];
	parameters: Record<string, unknown>;
	disabled?: boolean;
}

export interface Workflow {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings: Record<string, unknown>;
}

/** tool -> the node that ran instead (tools that ran themselves are left out). */
export type Misrouting = Record<string, string>;

export interface LayoutRun {
	workflow: Workflow;
	observed: Misrouting;
	predicted: Misrouting;
	/** tool called, node that ran, node HMT002 predicts. */
	rows: Array<[string, string, string]>;
	/** The tools tools/list gave, and the enabled tools of the file. */
	listed: string[];
	enabled: string[];
}

/** HMT002's findings for one file (`hermes-workflows lint --format json`), as tool -> node it would run. */
export async function hmt002Prediction(file: string): Promise<Misrouting> {
	const lint = await runCli(['lint', '--format', 'json', file]);
	const report = JSON.parse(lint.stdout) as { findings: Array<{ code: string; node: string; message: string }> };
	const predicted: Misrouting = {};
	for (const finding of report.findings.filter((f) => f.code === 'HMT002')) {
		const runs = /would run node "([^"]+)"/.exec(finding.message)?.[1];
		if (!runs) throw new Error(`HMT002 message without a node: ${finding.message}`);
		predicted[finding.node] = runs;
	}
	return predicted;
}

/**
 * tools/list read without the SDK client: 2.20.12 (as installed by test/setup/install-n8n.sh)
 * lists every input schema as a serialised zod object (`{default: {_def: ...}}`), not JSON
 * Schema, without `type: "object"`, so the SDK client refuses the whole listing (calls work).
 */
export async function listToolNames(url: string, token: string): Promise<string[]> {
	const sessionId = await openRawSession(url, token);
	const listed = await rawRequest(url, token, sessionId, 'tools/list', {});
	const tools = (listed.message?.result as { tools?: Array<{ name: string }> } | undefined)?.tools;
	if (!tools) throw new Error(`tools/list on ${url} answered ${listed.status}: ${JSON.stringify(listed.message).slice(0, 300)}`);
	return tools.map((t) => t.name);
}

/** Which node answered: the echo sub-workflow returns the fixed `ranNode` input of the node that ran. */
export function ranNode(text: string): string {
	const ran = /"ranNode":\s*"([^"]+)"/.exec(text)?.[1];
	if (!ran) throw new Error(`no ranNode in the answer: ${text.slice(0, 300)}`);
	return ran;
}

export function routingTable(title: string, rows: Array<[string, string, string]>): string {
	const header: [string, string, string] = ['tool called', 'node that ran', 'HMT002 predicts'];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	return [title, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** One n8n prepared for routing probes: the echo sub-workflow published, a bearer credential. */
export class RoutingProbes {
	private constructor(
		private readonly n8n: N8nApi,
		private readonly token: string,
		private readonly echoWorkflowId: string,
		private readonly bearerCredentialId: string,
	) {}

	static async prepare(n8n: N8nApi, token: string): Promise<RoutingProbes> {
		const echo = JSON.parse(readFileSync(join(ROUTING_FIXTURES, 'routing-echo.json'), 'utf8')) as Record<string, unknown>;
		const echoWorkflowId = await createPublishedWorkflow(n8n, echo);
		const bearerCredentialId = await createCredential(n8n, 'Routing MCP Bearer', 'httpBearerAuth', { token });
		return new RoutingProbes(n8n, token, echoWorkflowId, bearerCredentialId);
	}

	/** The fixture with the ids this n8n gave the echo sub-workflow and the bearer credential. */
	deployable(file: string): Workflow {
		const text = readFileSync(file, 'utf8').replaceAll(ECHO_ID, this.echoWorkflowId).replaceAll(BEARER_ID, this.bearerCredentialId);
		return JSON.parse(text) as Workflow;
	}

	/** An echo probe named `name`: answers `ranNode: <name>` when this very node runs. */
	probe(name: string, position: [number, number], id?: string): WorkflowNode {
		const template = this.deployable(join(ROUTING_FIXTURES, '4-tools-first-listed-disabled.json')).nodes.find((n) => n.name === 'tool_a') as WorkflowNode;
		const inputs = template.parameters.workflowInputs as { value: Record<string, string> };
		return {
			...template,
			id: id ?? template.id,
			name,
			position,
			parameters: {
				...template.parameters,
				description: `Routing probe in place of ${name}: answers the name of the node that really ran.`,
				workflowInputs: { ...inputs, value: { ...inputs.value, ranNode: name } },
			},
		};
	}

	/** Publishes the layout `file`, calls every listed tool once through main, records what ran. */
	async run(file: string): Promise<LayoutRun> {
		const workflow = this.deployable(file);
		const predicted = await hmt002Prediction(file);
		await createPublishedWorkflow(this.n8n, workflow as unknown as Record<string, unknown>);
		const trigger = workflow.nodes.find((n) => n.type === MCP_TRIGGER);
		if (!trigger) throw new Error(`${file} has no MCP trigger`);
		const url = `${this.n8n.baseUrl}/mcp/${String(trigger.parameters.path)}`;
		await waitForMcpEndpoint(url);
		const listed = await listToolNames(url, this.token);
		const enabled = workflow.nodes.filter((n) => n !== trigger && !n.disabled).map((n) => n.name);
		const session = await connectMcp(url, this.token);
		const observed: Misrouting = {};
		const rows: LayoutRun['rows'] = [];
		try {
			for (const tool of [...listed].sort()) {
				const ran = ranNode((await callTool(session, tool, {})).text);
				if (ran !== tool) observed[tool] = ran;
				rows.push([tool, ran, predicted[tool] ?? tool]);
			}
		} finally {
			await session.close();
		}
		return { workflow, observed, predicted, rows, listed, enabled };
	}
}
