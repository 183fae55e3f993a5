/**
 * The admin endpoint (`/mcp/<admin.path>`) has its own token: it answers 403 without one, with a
 * wrong one and with the tools endpoint's; with the admin token `tools/list` gives exactly the
 * generated admin tools, and with --call-reads one harmless read (`n8n_list_workflows`, limit 1)
 * answers success, which proves the n8n API credential and `admin.apiUrl` too.
 */
import { mcpEndpoints } from '../../agentConfig/endpoints';
import { adminTools } from '../../admin/tools';
import type { DoctorContext } from '../context';
import { McpProbe } from '../mcpProbe';
import { fail, ok, warn, type CheckOutcome, type DoctorCheck } from '../types';
import { admittedWithout } from './mcpAuth';
import { expectedTools, listedTools, toolListDifferences } from './mcpTools';
import { answerProblem } from './readTools';

/** The harmless read doctor makes through the admin channel. */
export const ADMIN_READ = { tool: 'n8n_list_workflows', arguments: { limit: 1 } } as const;

/** What is wrong with the admin tools' list; empty when it is exactly the generated one. */
export function adminListProblems(context: Pick<DoctorContext, 'desired' | 'config'>, result: unknown): string[] {
	const admin = context.config.admin!;
	return toolListDifferences(listedTools(result), expectedTools({ desired: context.desired, tools: adminTools(admin) }, admin.workflowName));
}

export const adminEndpointCheck: DoctorCheck = {
	id: 'admin-endpoint',
	title: 'admin endpoint: its own token, the admin tools, one read',
	needs: ['admin'],
	async run(context): Promise<CheckOutcome> {
		const admin = context.config.admin!;
		const endpoint = mcpEndpoints(context.tools, context.config, context.options.baseUrl).find((e) => e.channel === 'admin')!;
		const bearerFix = `run \`hermes-workflows push\`: it publishes "${admin.workflowName}" with Bearer authentication (credential "${admin.bearer}", a token of its own)`;
		const tools = context.options.token;
		const refused = await admittedWithout(endpoint.url, context.options.timeoutMs, tools ? [["the tools endpoint's token", tools]] : []);
		if (refused.length > 0) return fail(refused.join('; '), bearerFix);
		const shut = `${endpoint.url} answers 403 without a token and with a wrong one${context.options.token ? " or the tools endpoint's" : ''}`;
		const token = context.options.adminToken;
		if (!token) return warn(`${shut}; tools/list and a read not checked: no admin token`, `pass --admin-token or set ${endpoint.tokenVariable} (the credential "${admin.bearer}"'s token)`);

		const probe = new McpProbe(endpoint.url, token, context.options.timeoutMs);
		const init = await probe.open();
		if (init.status !== 200) {
			return fail(`${endpoint.url}: initialize with the admin token answered ${init.status}${init.status === 403 ? ' (not the token of the credential)' : ''}`, `pass the token of the credential "${admin.bearer}"; ${bearerFix}`);
		}
		const differences = adminListProblems(context, (await probe.request('tools/list', {})).result);
		if (differences.length > 0) return fail(`${endpoint.url}: tools/list ${differences.join('; ')}`, 'run `hermes-workflows push`, then restart the MCP clients of the admin endpoint');
		const listed = `with its token tools/list gives the ${endpoint.tools.length} admin tools`;
		if (!endpoint.tools.includes(ADMIN_READ.tool)) return ok(`${shut}; ${listed} (admin.tools leaves out ${ADMIN_READ.tool}: no read made)`);
		// --no-call-reads calls no tool, the admin channel's as the others.
		if (!context.options.callReads) return ok(`${shut}; ${listed} (--no-call-reads: ${ADMIN_READ.tool} not called)`);
		const read = await probe.request('tools/call', { name: ADMIN_READ.tool, arguments: ADMIN_READ.arguments });
		const problem = read.error ? { text: `MCP error ${read.error.code}: ${read.error.message}` } : answerProblem(read.result);
		if (problem) {
			return fail(
				`${ADMIN_READ.tool} (limit 1) ${problem.text}`,
				`check the credential "${admin.n8nApi}" (an n8n API key with ${[...new Set(adminTools(admin).map((t) => t.scope))].join(', ')}) and admin.apiUrl (${admin.apiUrl}, n8n's API as n8n itself reaches it)`,
			);
		}
		return ok(`${shut}; ${listed} and ${ADMIN_READ.tool} answers`);
	},
};
