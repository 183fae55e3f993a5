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

export const mcpAuthCheck: DoctorCheck = {
	id: 'mcp-auth',
	title: 'MCP endpoint refuses callers without the token',
	needs: [],
	async run(context) {
		const problems: string[] = [];
		for (const endpoint of context.endpoints) {
			const wrong = `hermes-doctor-wrong-${randomBytes(12).toString('hex')}`;
			for (const [what, token] of [['no token', undefined], ['a wrong token', wrong]] as const) {
				const { status } = await new McpProbe(endpoint.url, token, context.options.timeoutMs).post('initialize', {
					protocolVersion: '2025-03-26',
					capabilities: {},
					clientInfo: { name: 'hermes-workflows-doctor', version: '1' },
				});
				const problem = authProblem(status, `${endpoint.url} with ${what}`);
				if (problem) problems.push(problem);
			}
		}
		if (problems.length > 0) {
			return fail(
				problems.join('; '),
				`run \`hermes-workflows push\`: it publishes the tool workflows with Bearer authentication (credential "${context.config.credentials.bearer}")`,
			);
		}
		return ok(`${context.endpoints.length} endpoint${context.endpoints.length > 1 ? 's answer' : ' answers'} 403 without a token and with a wrong one`);
	},
};
