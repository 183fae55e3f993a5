/** Approvals: the store's table and columns, the approval page answering, and n8n's public URL reachable from here. */
import { pageUrl } from '../../approvals/page';
import { dataTableDrift } from '../../deploy/dataTables';
import { fail, ok, type DoctorCheck } from '../types';

/**
 * How a GET of the approval page answered, as a problem. The page itself answers a link without
 * a request (doctor's GET) with its "No such request" page, a 404 in HTML; n8n answers a path
 * no published workflow serves with a 404 saying the webhook "is not registered".
 */
export function pageProblem(answer: { status: number; body: string } | undefined, url: string): string | undefined {
	if (answer === undefined) return `${url} is not reachable from here`;
	const { status, body } = answer;
	if (status === 404 && /is not registered/.test(body)) return `${url}: 404, the approval page workflow is not published`;
	if (status >= 500) return `${url}: ${status}`;
	return undefined;
}

async function answerOf(url: string, timeoutMs: number): Promise<{ status: number; body: string } | undefined> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
		return { status: response.status, body: await response.text() };
	} catch {
		return undefined;
	}
}

export const approvalsCheck: DoctorCheck = {
	id: 'approvals',
	title: 'approvals',
	needs: ['approvals'],
	async run(context) {
		const approvals = context.config.approvals!;
		const tables = context.desired.dataTables.filter((t) => t.name === approvals.table);
		const problems = [...(await dataTableDrift(context.client, tables))];
		const local = pageUrl({ ...approvals, publicUrl: context.options.baseUrl });
		const pub = pageUrl(approvals);
		for (const url of new Set([local, pub])) {
			const problem = pageProblem(await answerOf(url, context.options.timeoutMs), url);
			if (problem) problems.push(problem);
		}
		if (problems.length > 0) {
			return fail(
				problems.join('; '),
				`run \`hermes-workflows push\` (it creates the table and publishes the page); the public URL (${approvals.publicUrl}) must reach n8n from where the person opens the link`,
			);
		}
		return ok(`table "${approvals.table}" has its columns, the page answers at ${local} and at the public URL ${pub}`);
	},
};
