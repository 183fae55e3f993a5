/**
 * By default (not with `--no-call-reads`): each read-only tool of the catalogue, called once with harmless arguments,
 * succeeds, and the execution of that very call (found by its session and request id) shows
 * its own node ran. An answer that says the tool cannot serve (n8n's error, a marker with retry
 * never_here or later) fails, naming the tool, the marker and the hint. Only tools in this
 * table are called; a tool that writes is never in it. In queue mode a call nobody answers
 * within the bound means no worker ran it: a worker without the package, or none up.
 */
import { outcomeOf } from '../../ledger/outcome';
import { mcpCallOf, servedRequest } from '../../ledger/mcpCall';
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

/** What is wrong with one answer: a `fail` (the tool cannot serve), a `warn` (a refusal of the harmless call), or nothing. */
export interface AnswerProblem {
	level: 'fail' | 'warn';
	text: string;
}

/**
 * The tool's answer judged by its outcome (ledger/outcome.ts): a `failed` call is a `fail`, any
 * other marker a `warn` that names it (a harmless call should not be refused), a success fine.
 */
export function answerProblem(result: unknown): AnswerProblem | undefined {
	const isError = (result as { isError?: unknown } | undefined)?.isError === true;
	const answer = toolAnswer(result);
	const outcome = isError ? outcomeOf(undefined, typeof answer === 'string' ? answer : JSON.stringify(answer)) : answer === undefined ? undefined : outcomeOf(answer);
	if (outcome === undefined) return { level: 'fail', text: 'no answer content' };
	if (outcome.class === 'success') return undefined;
	if (outcome.marker === 'n8n_error') return { level: 'fail', text: `n8n answered an error: ${outcome.detail ?? ''}` };
	if (outcome.marker === undefined) return { level: 'fail', text: outcome.detail ?? 'failed' };
	const what = `${outcome.marker}${outcome.state ? ` ${outcome.state}` : ''} (retry ${outcome.retry ?? 'undefined'}): ${outcome.detail ?? 'no hint'}`;
	return { level: outcome.class === 'failed' ? 'fail' : 'warn', text: `answered ${what}` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tool nodes that ran in the execution of request `requestId` of the probe's session;
 * undefined when no execution shows the call in time (n8n saved none, or its trigger does not
 * record the call). Matched by what the call carries, so a failed call or a late execution
 * cannot be taken for another call's.
 */
async function nodesThatRan(context: DoctorContext, workflowId: string, sessionId: string | undefined, requestId: number | undefined, toolNodes: ReadonlySet<string>): Promise<string[] | undefined> {
	const deadline = Date.now() + (context.options.executionWaitMs ?? 5000);
	for (;;) {
		const executions = await context.client.recentExecutions(workflowId, { limit: 20, includeData: true });
		const call = executions.map((execution) => mcpCallOf(execution, toolNodes)).find((c) => servedRequest(c, sessionId, requestId));
		if (call) return call.nodesRan;
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
		const refusals: string[] = [];
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
			for (const tool of tools) {
				try {
					const answer = await probe.request('tools/call', { name: tool, arguments: HARMLESS_READS[tool] });
					called++;
					const problem: AnswerProblem | undefined = answer.error ? { level: 'fail', text: `JSON-RPC error ${answer.error.message}` } : answerProblem(answer.result);
					if (problem) (problem.level === 'fail' ? problems : refusals).push(`${tool} ${problem.text}`);
					const ran = await nodesThatRan(context, live.id, probe.sessionId, answer.requestId, toolNodes);
					if (ran === undefined) unproven.push(tool);
					else if (ran.length !== 1 || ran[0] !== tool) problems.push(`${tool} was answered by node ${ran.map((n) => `"${n}"`).join(', ') || '(none)'}`);
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
				[...problems, ...refusals].join('; '),
				instance.mode === 'queue'
					? 'install n8n-nodes-hermes on every worker and the webhook process too (docs/queue-mode.md), check the credentials and the services the tools reach, then run doctor again'
					: "check what each hint names: the credentials, and the services the tools reach (SSH host, Odoo, Prometheus); a tool answered by another node: run `hermes-workflows push`",
			);
		}
		if (refusals.length > 0) return warn(`${called} read tools answered; refused: ${refusals.join('; ')}`, 'the harmless calls should not be refused: read each hint');
		if (unproven.length > 0) {
			return warn(
				`${called} read tools answered; no saved execution shows which node answered ${unproven.join(', ')}`,
				'let n8n save successful executions of the tool workflow (its settings), and give the API key execution:read',
			);
		}
		return ok(`${called} read-only tools answered, each from its own node`);
	},
};
