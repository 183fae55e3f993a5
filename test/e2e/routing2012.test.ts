/**
 * The disabled-tool misrouting, proven on the version that has it: n8n 2.20.12 in QUEUE mode
 * (main + a worker over PostgreSQL and Redis; the worker runs each `tools/call` by the
 * `sourceNodeName` the trigger gave the tool). Regular mode looks the tool up by name and is not
 * affected, so only queue mode shows it.
 *
 * Each layout under test/fixtures/routing is a tool workflow with one disabled tool still wired;
 * every tool calls the same echo sub-workflow with its OWN name as a fixed input, so the answer
 * says which node really ran (2.20.12 records only the trigger in the execution's run data, so
 * the answer is the evidence). Every listed tool is called once; the tools that ran another
 * node must be exactly those lint's HMT002 reports for that file, each with the node HMT002
 * names. The generated `Hermes MCP Tools` workflow (which never disables a tool) is deployed in
 * the same n8n and every one of its 32 tools must be answered by its own node. 2.20.12 refuses
 * to publish it as generated: its Odoo node has version 1 only (the parameters of version 2 are
 * unknown to it). So its 23 Odoo tools are swapped in place for echo probes with the same names
 * (same tool graph, same connection order, nothing disabled: what the routing depends on); its
 * 9 gateway tools run as generated and prove their own node ran through the backends.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CATALOGUE } from '../../generator/catalogue';
import { N8N_LEGACY_ROUTING_VERSION } from '../harness/n8n/cache';
import { startQueueN8n, type QueueN8nHandle } from '../harness/queue/stack';
import { runCli } from './helpers/cli';
import { callTool, connectMcp, waitForMcpEndpoint, type McpSession } from './helpers/mcp';
import { openRawSession, rawRequest } from './helpers/rawMcp';
import { api, createCredential, createPublishedWorkflow } from './helpers/n8nRest';
import { REPO_ROOT } from './helpers/repoRoot';
import { startHermesStack, type HermesStack } from './helpers/stack';
import { callWithEvidence, TOOL_CASES } from './helpers/toolCases';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'routing');
const LAYOUTS = ['32-tools-17th-disabled.json', '32-tools-28th-disabled.json', '4-tools-first-listed-disabled.json'];
const ECHO_ID = '__ROUTING_ECHO_WORKFLOW_ID__';
const BEARER_ID = '__ROUTING_BEARER_CREDENTIAL_ID__';

interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	position: [number, number];
	parameters: Record<string, unknown>;
	disabled?: boolean;
}

interface Workflow {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings: Record<string, unknown>;
}

let stack: HermesStack<QueueN8nHandle>;
let echoWorkflowId = '';
let bearerCredentialId = '';
const scratch = mkdtempSync(join(tmpdir(), 'hermes-routing-'));

beforeAll(async () => {
	stack = await startHermesStack({
		startN8n: () => startQueueN8n({ version: N8N_LEGACY_ROUTING_VERSION, workers: 1, webhook: false }),
		pushMayFail: true,
	});
	echoWorkflowId = await createPublishedWorkflow(stack.n8n, JSON.parse(readFileSync(join(FIXTURES, 'routing-echo.json'), 'utf8')) as Record<string, unknown>);
	bearerCredentialId = await createCredential(stack.n8n, 'Routing MCP Bearer', 'httpBearerAuth', { token: stack.token });
}, 600_000);

afterAll(async () => {
	await stack?.stop();
	rmSync(scratch, { recursive: true, force: true });
}, 180_000);

/** HMT002's findings for one file, as `tool -> node it would run` (from `hermes-workflows lint --format json`). */
async function hmt002Prediction(file: string): Promise<Record<string, string>> {
	const lint = await runCli(['lint', '--format', 'json', file]);
	const report = JSON.parse(lint.stdout) as { findings: Array<{ code: string; node: string; message: string }> };
	const predicted: Record<string, string> = {};
	for (const finding of report.findings.filter((f) => f.code === 'HMT002')) {
		const runs = /would run node "([^"]+)"/.exec(finding.message)?.[1];
		if (!runs) throw new Error(`HMT002 message without a node: ${finding.message}`);
		predicted[finding.node] = runs;
	}
	return predicted;
}

/** The fixture with the ids this n8n gave the echo sub-workflow and the bearer credential. */
function deployable(file: string): Workflow {
	const text = readFileSync(file, 'utf8').replaceAll(ECHO_ID, echoWorkflowId).replaceAll(BEARER_ID, bearerCredentialId);
	return JSON.parse(text) as Workflow;
}

/**
 * tools/list read without the SDK client: 2.20.12 (as installed by test/setup/install-n8n.sh) lists
 * every input schema as a serialised zod object (`{default: {_def: ...}}`), not JSON Schema, without
 * `type: "object"`, so the SDK client refuses the whole listing (calls are not affected).
 */
async function listToolNames(url: string): Promise<string[]> {
	const sessionId = await openRawSession(url, stack.token);
	const listed = await rawRequest(url, stack.token, sessionId, 'tools/list', {});
	const tools = (listed.message?.result as { tools?: Array<{ name: string; inputSchema: unknown }> } | undefined)?.tools;
	if (!tools) throw new Error(`tools/list on ${url} answered ${listed.status}: ${JSON.stringify(listed.message).slice(0, 300)}`);
	return tools.map((t) => t.name);
}

/** An echo probe named `name`: answers `ranNode: <name>` when this very node runs. */
function echoProbe(name: string, position: [number, number], id?: string): WorkflowNode {
	const template = deployable(join(FIXTURES, '4-tools-first-listed-disabled.json')).nodes.find((n) => n.name === 'tool_a') as WorkflowNode;
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

/** Which node answered: the echo sub-workflow returns the fixed `ranNode` input of the node that ran. */
function ranNode(text: string): string {
	const ran = /"ranNode":\s*"([^"]+)"/.exec(text)?.[1];
	if (!ran) throw new Error(`no ranNode in the answer: ${text.slice(0, 300)}`);
	return ran;
}

function table(title: string, rows: Array<[string, string, string]>): string {
	const header: [string, string, string] = ['tool called', 'node that ran', 'HMT002 predicts'];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	return [title, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

describe(`n8n ${N8N_LEGACY_ROUTING_VERSION}, queue mode: a disabled tool misroutes exactly the tools HMT002 names`, () => {
	it.each(LAYOUTS)('%s', async (layout) => {
		const file = join(FIXTURES, layout);
		const workflow = deployable(file);
		const predicted = await hmt002Prediction(file);
		await createPublishedWorkflow(stack.n8n, workflow as unknown as Record<string, unknown>);
		const trigger = workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
		const url = `${stack.n8n.baseUrl}/mcp/${String(trigger?.parameters.path)}`;
		await waitForMcpEndpoint(url);
		const session = await connectMcp(url, stack.token);
		const observed: Record<string, string> = {};
		const rows: Array<[string, string, string]> = [];
		try {
			const listed = await listToolNames(url);
			// tools/list leaves the disabled tool out; every other tool is listed and called once.
			const enabled = workflow.nodes.filter((n) => n !== trigger && !n.disabled).map((n) => n.name);
			expect([...listed].sort()).toEqual([...enabled].sort());
			for (const tool of [...listed].sort()) {
				const answer = await callTool(session, tool, {});
				const ran = ranNode(answer.text);
				if (ran !== tool) observed[tool] = ran;
				rows.push([tool, ran, predicted[tool] ?? tool]);
			}
		} finally {
			await session.close();
		}
		process.stdout.write(
			`${table(`${workflow.name} (n8n ${stack.n8n.n8nVersion}, queue mode): ${Object.keys(observed).length} misrouted observed, ${Object.keys(predicted).length} predicted`, rows)}\n`,
		);
		expect(Object.keys(predicted).length).toBeGreaterThan(0);
		expect(observed).toEqual(predicted);
	});
});

describe(`n8n ${N8N_LEGACY_ROUTING_VERSION}, queue mode: the generated Hermes MCP Tools workflow routes every tool to its own node`, () => {
	const generated = JSON.parse(readFileSync(join(REPO_ROOT, 'workflows', 'hermes-mcp-tools.json'), 'utf8')) as Workflow;
	const odooTools = new Set(CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name));
	let deployed: Workflow;
	let mcp: McpSession;

	beforeAll(async () => {
		// push created and published the gateways and created the tools workflow; 2.20.12 refused
		// to publish it for the Odoo nodes' version-2 parameters only.
		const refused = [...stack.push.stderr.matchAll(/Node "([^"]+)":/g)].map((m) => m[1]);
		expect(stack.push.code === 0 || refused.every((name) => odooTools.has(name))).toBe(true);
		const listed = await api<{ data: Workflow[] }>(stack.n8n, 'GET', `/workflows?name=${encodeURIComponent(generated.name)}`);
		const id = listed.data.find((w) => w.name === generated.name)?.id;
		if (!id) throw new Error(`push left no workflow named ${generated.name}:\n${stack.push.stdout}\n${stack.push.stderr}`);
		const pushed = await api<Workflow>(stack.n8n, 'GET', `/workflows/${id}`);
		const nodes = pushed.nodes.map((node) => (odooTools.has(node.name) ? echoProbe(node.name, node.position, node.id) : node));
		deployed = { name: pushed.name, nodes, connections: pushed.connections, settings: generated.settings };
		await api(stack.n8n, 'PUT', `/workflows/${id}`, deployed);
		await api(stack.n8n, 'POST', `/workflows/${id}/activate`);
		await waitForMcpEndpoint(stack.mcpUrl);
		mcp = await connectMcp(stack.mcpUrl, stack.token);
	}, 180_000);

	afterAll(async () => {
		await mcp?.close();
	});

	it('keeps the generated tool graph (same tools, same connections, none disabled) and HMT002 predicts no misrouting', async () => {
		expect(deployed.nodes.map((n) => n.name).sort()).toEqual(generated.nodes.map((n) => n.name).sort());
		expect(deployed.connections).toEqual(generated.connections);
		expect(deployed.nodes.filter((n) => n.disabled)).toEqual([]);
		const file = join(scratch, 'hermes-mcp-tools.deployed.json');
		writeFileSync(file, JSON.stringify(deployed, null, 2));
		expect(await hmt002Prediction(file)).toEqual({});
	});

	it('lists the 32 catalogue tools', async () => {
		expect((await listToolNames(stack.mcpUrl)).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
	});

	it('answers each Odoo tool slot with its own node', async () => {
		const rows: Array<[string, string, string]> = [];
		for (const tool of [...odooTools].sort()) rows.push([tool, ranNode((await callTool(mcp, tool, {})).text), tool]);
		process.stdout.write(`${table(`${generated.name} (n8n ${stack.n8n.n8nVersion}, queue mode), the 23 Odoo slots`, rows)}\n`);
		expect(rows.filter(([tool, ran]) => tool !== ran)).toEqual([]);
	});

	it.each(TOOL_CASES.filter((c) => !odooTools.has(c.tool)).map((c) => [c.tool, c] as const))('%s runs its own gateway', async (_tool, toolCase) => {
		toolCase.verify(await callWithEvidence(stack, mcp, toolCase.tool, toolCase.args));
	});
});
