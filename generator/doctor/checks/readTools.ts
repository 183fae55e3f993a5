/**
 * `--call-reads`: each read-only tool of the catalogue, called once with harmless arguments,
 * succeeds or answers a marker, and n8n's execution shows its own node ran. Only tools in this
 * table are called; a tool that writes is never in it. In queue mode a call nobody answers
 * within the bound means no worker ran it: a worker without the package, or none up.
 */
import { runningVersion } from '../../n8nClient/client';
import { McpProbe, McpTimeout, toolAnswer } from '../mcpProbe';
import { fail, ok, warn, type DoctorCheck } from '../types';
import type { DoctorContext } from '../context';

/** Read-only tools and the harmless arguments doctor calls them with. */
export const HARMLESS_READS: Readonly<Record<string, Record<string, unknown>>> = {
	odoo_list_projects: { limit: 1 },
	crm_list_stages: { limit: 1 },
	crm_list_leads: { limit: 1 },
	vault_list: { prefix: '' },
	docker_read: { action: 'list' },
	monitoring_alerts: {},
};

const MARKER = /^__[A-Z_]+__$/;

/** The tool's answer is a success or a refusal with a marker (anything else: why not). */
export function answerProblem(result: unknown): string | undefined {
	if ((result as { isError?: unknown } | undefined)?.isError === true) return `n8n answered an error: ${JSON.stringify(toolAnswer(result)).slice(0, 160)}`;
	const answer = toolAnswer(result);
	if (answer === undefined) return 'no answer content';
	// A sub-workflow's answer reaches the agent as a list of items, or wrapped as `{ response }`.
	let item: unknown = Array.isArray(answer) ? answer[0] : answer;
	if (typeof item === 'object' && item !== null && 'response' in item && Object.keys(item).length === 1) item = (item as { response: unknown }).response;
	const { success, error } = (typeof item === 'object' && item !== null ? item : {}) as { success?: unknown; error?: unknown };
	if (success === false && !(typeof error === 'string' && MARKER.test(error))) return `failed without a marker: ${JSON.stringify(answer).slice(0, 160)}`;
	return undefined;
}

/** Tool nodes (of `toolNodes`) in an execution's run data. */
export function toolNodesRan(runData: Record<string, unknown> | undefined, toolNodes: ReadonlySet<string>): string[] {
	return Object.keys(runData ?? {}).filter((name) => toolNodes.has(name));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tool nodes the oldest execution of `workflowId` not in `seen` ran; undefined when none was
 * saved in time. Told apart by id, not by time: n8n may list an execution a little after the
 * next call started, and its clock need not be doctor's. Each one found joins `seen`.
 */
async function nodesThatRan(context: DoctorContext, workflowId: string, seen: Set<string>, toolNodes: ReadonlySet<string>): Promise<string[] | undefined> {
	const deadline = Date.now() + (context.options.executionWaitMs ?? 5000);
	for (;;) {
		const executions = await context.client.recentExecutions(workflowId, { limit: 5, includeData: true });
		// Newest first from n8n: the oldest unseen one belongs to the earliest call still unmatched.
		for (const execution of [...executions].reverse()) {
			if (seen.has(execution.id)) continue;
			const ran = toolNodesRan(execution.data?.resultData?.runData, toolNodes);
			if (ran.length === 0) continue;
			seen.add(execution.id);
			return ran;
		}
		if (Date.now() >= deadline) return undefined;
		await sleep(100);
	}
}

export const readToolsCheck: DoctorCheck = {
	id: 'read-tools',
	title: 'read-only tools answer from their own node',
	needs: ['token', 'callReads'],
	async run(context) {
		const { entries } = await context.drift();
		const instance = await context.instance();
		const problems: string[] = [];
		const unproven: string[] = [];
		let called = 0;
		for (const endpoint of context.endpoints) {
			const tools = endpoint.tools.filter((tool) => tool in HARMLESS_READS);
			const live = entries.find((e) => e.name === endpoint.workflow)?.live;
			if (tools.length === 0 || !live) continue;
			const toolNodes = new Set(endpoint.tools.filter((tool) => runningVersion(live).nodes.some((n) => n.name === tool)));
			const probe = new McpProbe(endpoint.url, context.options.token, context.options.timeoutMs);
			if ((await probe.open()).status !== 200) {
				problems.push(`${endpoint.url}: initialize with the token was refused`);
				continue;
			}
			const seen = new Set((await context.client.recentExecutions(live.id, { limit: 5 })).map((e) => e.id));
			for (const tool of tools) {
				try {
					const answer = await probe.request('tools/call', { name: tool, arguments: HARMLESS_READS[tool] });
					called++;
					const problem = answer.error ? `JSON-RPC error ${answer.error.message}` : answerProblem(answer.result);
					if (problem) {
						problems.push(`${tool}: ${problem}`);
						continue;
					}
					const ran = await nodesThatRan(context, live.id, seen, toolNodes);
					if (ran === undefined) unproven.push(tool);
					else if (ran.length !== 1 || ran[0] !== tool) problems.push(`${tool} was answered by node ${ran.map((n) => `"${n}"`).join(', ')}`);
				} catch (error) {
					if (!(error instanceof McpTimeout)) throw error;
					problems.push(
						`${tool}: ${error.message}${instance.mode === 'queue' ? ': in queue mode no worker ran it; the n8n-nodes-hermes package may be missing on a worker, or no worker is up' : ''}`,
					);
				}
			}
		}
		if (problems.length > 0) {
			return fail(
				problems.join('; '),
				instance.mode === 'queue'
					? 'install n8n-nodes-hermes on every worker and the webhook process too (docs/queue-mode.md), check the credentials and the services the tools reach, then run doctor again'
					: 'check the credentials and the services the tools reach (SSH host, Odoo, Prometheus); a tool answered by another node: run `hermes-workflows push`',
			);
		}
		if (unproven.length > 0) {
			return warn(
				`${called} read tools answered; no saved execution shows which node answered ${unproven.join(', ')}`,
				'let n8n save successful executions of the tool workflow (its settings), and give the API key execution:read',
			);
		}
		return ok(`${called} read-only tools answered, each from its own node`);
	},
};
