/**
 * The admin channel's n8n API key carries only read scopes, and those its tools need. n8n keeps
 * the key inside the credential, where doctor cannot read it: the operator passes it
 * (`--admin-api-key`), and n8n's `/discover` answers the scopes of the key that calls it.
 */
import { ADMIN_READ_SCOPES, isReadScope } from '../../admin/tools';
import type { DoctorContext } from '../context';
import { fail, ok, warn, type CheckOutcome, type DoctorCheck } from '../types';

/** What `/discover` told of a key: its scopes, or why it told nothing. */
export type KeyScopes = { scopes: string[] } | { status: number };

export async function readKeyScopes(apiRoot: string, apiKey: string, timeoutMs: number): Promise<KeyScopes> {
	const response = await fetch(`${apiRoot}/discover`, { headers: { 'X-N8N-API-KEY': apiKey, Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
	if (!response.ok) {
		await response.body?.cancel();
		return { status: response.status };
	}
	const body = (await response.json()) as { data?: { scopes?: unknown } };
	const scopes = body.data?.scopes;
	return Array.isArray(scopes) ? { scopes: scopes.map(String) } : { status: response.status };
}

/** The verdict on a key's scopes, as a table of cases can hold it. */
export function judgeScopes(found: KeyScopes, credential: string): CheckOutcome {
	const fix = `give the credential "${credential}" a key with only the scopes ${ADMIN_READ_SCOPES.join(', ')} (Settings > n8n API > Create an API key)`;
	if ('status' in found) {
		if (found.status === 401 || found.status === 403) return fail(`n8n refuses the admin key (${found.status})`, `pass the key of the credential "${credential}"; ${fix}`);
		return warn(`this n8n does not tell a key's scopes (GET /discover answered ${found.status}): not checked`, `check the key's scopes in n8n: ${ADMIN_READ_SCOPES.join(', ')} and no others`);
	}
	const writes = found.scopes.filter((scope) => !isReadScope(scope));
	const missing = ADMIN_READ_SCOPES.filter((scope) => !found.scopes.includes(scope));
	const problems = [
		...(writes.length > 0
			? [`the key holds ${writes.length} scope${writes.length > 1 ? 's' : ''} that ${writes.length > 1 ? 'are' : 'is'} not read-only: ${writes.slice(0, 6).join(', ')}${writes.length > 6 ? ` and ${writes.length - 6} more` : ''} (the tools only GET, but a key that leaks from n8n could write)`]
			: []),
		...(missing.length > 0 ? [`the key lacks ${missing.join(', ')} (those tools answer 403)`] : []),
	];
	if (problems.length > 0) return fail(problems.join('; '), fix);
	return ok(`the admin key holds ${found.scopes.length} read scopes and no other`);
}

export const adminScopesCheck: DoctorCheck = {
	id: 'admin-scopes',
	title: 'admin channel key scopes',
	needs: ['admin'],
	async run(context: DoctorContext) {
		const admin = context.config.admin!;
		const key = context.options.adminApiKey;
		if (!key) {
			return warn(
				`not checked: n8n keeps the admin key in the credential "${admin.n8nApi}", which doctor cannot read`,
				'pass --admin-api-key (or set HERMES_ADMIN_API_KEY) with that key to have its scopes checked',
			);
		}
		return judgeScopes(await readKeyScopes(context.client.root, key, context.options.timeoutMs), admin.n8nApi);
	},
};
