/**
 * Where a tool call's time goes, as n8n itself measured it: the executions a call created
 * (`GET /executions?...`, then each with `includeData=true`), each one's duration (stoppedAt -
 * startedAt) and every node's `executionTime` from its runData.
 */
import { getExecution, listExecutions, type N8nApi } from '../../e2e/helpers/n8nRest';

export interface ExecutionProfile {
	workflowId: string;
	/** Whether n8n kept the execution's data (a workflow saving no successful runs keeps none). */
	hasData: boolean;
	durationMs: number;
	/** Node name -> milliseconds n8n measured for its first run. */
	nodes: Record<string, number>;
}

/** Highest execution id n8n holds now (the mark before a call). */
export async function executionMark(n8n: N8nApi): Promise<number> {
	return Math.max(0, ...(await listExecutions(n8n)).map((e) => Number(e.id)));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The executions created after `mark`: waits for at least `atLeast` (n8n stores an execution as
 * it finishes, which may be just after the answer left), then a moment more for any other the
 * call left. Throws on a failed one.
 */
export async function executionsSince(n8n: N8nApi, mark: number, atLeast: number): Promise<ExecutionProfile[]> {
	const finished = async () => (await listExecutions(n8n)).filter((e) => Number(e.id) > mark && e.status !== 'running' && e.status !== 'new');
	let since = await finished();
	for (let attempt = 0; attempt < 40 && since.length < atLeast; attempt++) {
		await sleep(100);
		since = await finished();
	}
	await sleep(300);
	since = await finished();
	const failed = since.filter((e) => e.status !== 'success');
	if (failed.length > 0) throw new Error(`executions ${failed.map((e) => `${e.id} (${e.status})`).join(', ')} did not succeed`);
	if (since.length < atLeast) throw new Error(`expected at least ${atLeast} executions after ${mark}, found ${since.length}`);
	return await Promise.all(
		since.map(async (summary) => {
			const detail = await getExecution(n8n, summary.id);
			const runData = detail.data?.resultData?.runData ?? {};
			return {
				workflowId: summary.workflowId,
				hasData: Object.keys(runData).length > 0,
				durationMs: detail.stoppedAt ? Date.parse(detail.stoppedAt) - Date.parse(detail.startedAt) : NaN,
				nodes: Object.fromEntries(Object.entries(runData).map(([node, runs]) => [node, runs[0]?.executionTime ?? NaN])),
			};
		}),
	);
}
