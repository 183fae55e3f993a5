/** Each MCP endpoint answers 403 without a token and with a wrong one: no one reaches the tools without the bearer token. */
import { randomBytes } from 'node:crypto';

import { McpProbe } from '../mcpProbe';
import { fail, ok, type DoctorCheck } from '../types';

/** What an unauthorised initialize answered, as a problem; undefined for the 403 wanted. */
export function authProblem(status: number, what: string): string | undefined {
	if (status === 403) return undefined;
	if (status === 404) return `${what}: 404, the endpoint is not registered (its tool workflow is not published)`;
	if (status >= 200 && status < 300) return `${what}: ${status}, the endpoint lets it in`;
	return `${what}: ${status}, not the 403 n8n gives a refused bearer token`;
}

/**
 * What `url` answers callers it must refuse, as problems: no token, a random one, and `others`
 * (the admin endpoint: the tools endpoint's token). None when each got the 403.
 */
export async function admittedWithout(url: string, timeoutMs: number, others: ReadonlyArray<[string, string]> = []): Promise<string[]> {
	const wrong = `hermes-doctor-wrong-${randomBytes(12).toString('hex')}`;
	const problems: string[] = [];
	for (const [what, token] of [['no token', undefined], ['a wrong token', wrong], ...others] as const) {
		const problem = authProblem((await new McpProbe(url, token, timeoutMs).initialize()).status, `${url} with ${what}`);
		if (problem) problems.push(problem);
	}
	return problems;
}

export const mcpAuthCheck: DoctorCheck = {
	id: 'mcp-auth',
	title: 'MCP endpoint refuses callers without the token',
	needs: [],
	async run(context) {
		const problems: string[] = [];
		for (const endpoint of context.endpoints) problems.push(...(await admittedWithout(endpoint.url, context.options.timeoutMs)));
		if (problems.length > 0) {
			return fail(
				problems.join('; '),
				`run \`hermes-workflows push\`: it publishes the tool workflows with Bearer authentication (credential "${context.config.credentials.bearer}")`,
			);
		}
		return ok(`${context.endpoints.length} endpoint${context.endpoints.length > 1 ? 's answer' : ' answers'} 403 without a token and with a wrong one`);
	},
};
