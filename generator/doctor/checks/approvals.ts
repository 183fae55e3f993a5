/** Approvals: the store's table and columns, the approval page answering, and n8n's public URL reachable from here. */
import { dataTableDrift } from '../../deploy/dataTables';
import { fail, ok, type DoctorCheck } from '../types';

/** How a GET of the approval page answered, as a problem; any answer of the page's own workflow (not 404, not 5xx) is fine. */
export function pageProblem(status: number | undefined, url: string): string | undefined {
	if (status === undefined) return `${url} is not reachable from here`;
	if (status === 404) return `${url}: 404, the approval page workflow is not published`;
	if (status >= 500) return `${url}: ${status}`;
	return undefined;
}

async function statusOf(url: string, timeoutMs: number): Promise<number | undefined> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
		await response.arrayBuffer();
		return response.status;
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
		const problems = [...(await dataTableDrift(context.client, context.desired.dataTables))];
		const local = `${context.options.baseUrl}/webhook/${approvals.pagePath}`;
		const pub = `${approvals.publicUrl.replace(/\/+$/, '')}/webhook/${approvals.pagePath}`;
		for (const url of new Set([local, pub])) {
			const problem = pageProblem(await statusOf(url, context.options.timeoutMs), url);
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
