/**
 * Looks up, in the live n8n, everything the desired workflows point at by name: credentials
 * (by type and exact name) and workflows they call that are not pushed with them (the content
 * pipeline). What cannot be found is listed as a problem with the fix, before anything is written.
 */
import { credentialTypeText, HERMES_ODOO_CREDENTIALS, hermesOdooCredentialText, ODOO_CREDENTIAL_TYPES, type OdooCredentialType } from '../contracts';
import { HermesError } from '../errors';
import type { N8nApi } from '../n8nClient/client';
import type { DesiredWorkflow } from './desired';
import { N8nApiError } from '../n8nClient/errors';
import { findWorkflowByName } from '../n8nClient/exactName';
import type { Workflow } from '../builders/n8nTypes';
import { compareWorkflows, type Difference } from './normalise';
import { CredentialIndex, credentialReferences, credentialsByName, workflowReferences } from './wiring';

export interface Resolution {
	credentials: CredentialIndex;
	/** The key may not list credentials (403) and the caller allowed that: nothing was checked. */
	credentialsUnchecked: boolean;
	/** Ids of called workflows outside the pushed set, by name. */
	externalIds: Map<string, string>;
	problems: string[];
}

export class UnresolvedError extends HermesError {
	constructor(readonly problems: string[]) {
		super(
			`cannot push, n8n lacks what the workflows need (nothing was changed):\n  ${problems.join('\n  ')}`,
			'create the credentials and publish the workflows listed, under exactly these names (docs/deploying.md), then run again',
			'n8n',
		);
	}
}

/**
 * Credentials, or undefined when the key may not list them (403: it lacks credential:list, which
 * member keys never have; 404/405: an n8n without the route) and `optional` allows going on.
 */
export async function liveCredentials(client: N8nApi, optional: boolean) {
	try {
		return await client.listCredentials();
	} catch (error) {
		if (optional && error instanceof N8nApiError && [403, 404, 405].includes(error.status ?? 0)) return undefined;
		throw error;
	}
}

/** The differences of a wired workflow from the live one; by credential name only when the key may not list credentials. */
export function compareResolved(resolution: Pick<Resolution, 'credentialsUnchecked'>, wanted: Workflow, live: Workflow): Difference[] {
	return resolution.credentialsUnchecked ? compareWorkflows(credentialsByName(wanted), credentialsByName(live)) : compareWorkflows(wanted, live);
}

/**
 * For a missing Hermes Odoo credential that n8n holds an n8n Odoo credential of the same name for
 * (a deployment made when the Odoo tools ran n8n's Odoo node): the Hermes one to create from it.
 */
function hermesOdooFix(type: string, name: string, credentials: CredentialIndex): string | undefined {
	const hermes = ODOO_CREDENTIAL_TYPES.find((odooType) => HERMES_ODOO_CREDENTIALS[odooType] === type);
	if (hermes === undefined) return undefined;
	const held = (odooType: OdooCredentialType) => {
		const { found, ambiguous } = credentials.lookup(odooType, name);
		return found !== undefined || ambiguous !== undefined;
	};
	// Its own twin first, then the other n8n Odoo type.
	const n8nOdoo = [hermes, ...ODOO_CREDENTIAL_TYPES.filter((t) => t !== hermes)].find(held);
	if (n8nOdoo === undefined) return undefined;
	return `the Odoo tools now run the Hermes Odoo node, not n8n's Odoo node: create ${hermesOdooCredentialText(hermes, name, `the ${credentialTypeText(n8nOdoo)} credential "${name}" n8n holds`)}`;
}

/** `credentialsOptional`: go on when the key may not list credentials (push lets n8n resolve them by name). */
export async function resolveDependencies(
	client: N8nApi,
	desired: readonly DesiredWorkflow[],
	options: { credentialsOptional?: boolean } = {},
): Promise<Resolution> {
	const problems: string[] = [];
	const credentialRefs = desired.flatMap((d) => credentialReferences(d.body).map((ref) => ({ ...ref, workflow: d.body.name })));
	const listed = credentialRefs.length > 0 ? await liveCredentials(client, options.credentialsOptional === true) : [];
	const credentials = new CredentialIndex(listed ?? []);
	const reported = new Set<string>();
	for (const ref of listed ? credentialRefs : []) {
		const key = `${ref.type}/${ref.name}`;
		if (reported.has(key)) continue;
		const { found, ambiguous } = credentials.lookup(ref.type, ref.name);
		if (found) continue;
		reported.add(key);
		const users = credentialRefs.filter((r) => r.type === ref.type && r.name === ref.name).length;
		const where = `node "${ref.node}" of "${ref.workflow}"${users > 1 ? ` and ${users - 1} more` : ''}`;
		const fix = hermesOdooFix(ref.type, ref.name, credentials) ?? 'create it (Credentials > Add credential), or name an existing one in the config\'s "credentials"';
		problems.push(
			ambiguous
				? `${ambiguous.length} credentials of type ${credentialTypeText(ref.type)} are named "${ref.name}" (ids ${ambiguous.join(', ')}), used by ${where}: rename all but one`
				: `credential "${ref.name}" of type ${credentialTypeText(ref.type)} (used by ${where}) is not in n8n: ${fix}`,
		);
	}
	const pushed = new Set(desired.map((d) => d.body.name));
	const externalIds = new Map<string, string>();
	for (const d of desired) {
		for (const ref of workflowReferences(d.body)) {
			if (ref.pinnedId || pushed.has(ref.workflow) || externalIds.has(ref.workflow)) continue;
			const live = await findWorkflowByName(client, ref.workflow);
			const called = `workflow "${ref.workflow}" (called by node "${ref.node}" of "${d.body.name}")`;
			if (live) externalIds.set(ref.workflow, live.id);
			if (reported.has(`workflow/${ref.workflow}`)) continue;
			reported.add(`workflow/${ref.workflow}`);
			if (!live) {
				problems.push(`${called} is not in n8n: create it first, or give its id in the config (pipelineWorkflow.id)`);
			} else if (!live.active) {
				// n8n 2.x refuses to publish a workflow that calls an unpublished one.
				problems.push(`${called} is not published in n8n (id ${live.id}): publish it first, n8n runs only published sub-workflows`);
			}
		}
	}
	return { credentials, credentialsUnchecked: listed === undefined, externalIds, problems };
}
