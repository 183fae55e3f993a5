/**
 * The Hermes Odoo node's tool variant (`<prefix>.hermesOdooTool`) read back -> a catalogue Odoo
 * tool, and the config keys the node shows (prefix, credential type and name). The parameters are
 * collected in the order the mapper of n8n's Odoo node collects them, so both import to the same
 * catalogue.
 */
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_COLLECTIONS, ODOO_CREDENTIAL_TYPES, type OdooCredentialType } from '../contracts';

import { toolVariantPrefix } from '../builders/gatewayParams';
import type { HermesConfig } from '../config';
import { applyNodeSettings } from '../config/nodeSettings';
import type { OdooFilter, OdooTarget, OdooWrite } from '../toolSpec/schema';
import { asRecord, odooDraft, writeWithFallback, type RawNode, type ToolDraft } from './mapNodes';
import { binding, fail, ParameterCollector, singleFromAi } from './values';

const { params: names } = HERMES_ODOO;
const { write, filter } = ODOO_COLLECTIONS;

/** The prefix the package was loaded under, when this node type is the Hermes Odoo tool variant. */
export const hermesOdooPrefix = (type: string): string | undefined => toolVariantPrefix(type, HERMES_ODOO);

function entries(value: unknown, entry: string, where: string): Array<Record<string, unknown>> {
	const list = asRecord(value ?? { [entry]: [] }, where)[entry] ?? [];
	if (!Array.isArray(list)) return fail(`${where}.${entry} is not a list`);
	return list.map((raw, index) => asRecord(raw, `${where} ${index + 1}`));
}

function filters(value: unknown, params: ParameterCollector): OdooFilter[] {
	return entries(value, filter.entry, names.filters).map((f) => ({
		field: String(f[filter.field] ?? ''),
		operator: f[filter.operator] as OdooFilter['operator'],
		...binding(f[filter.value], params, `filter on ${String(f[filter.field])}`),
	}));
}

/** Fixed writes name their field; a field-choice tool's one write takes its name from the agent, within Allowed Fields. */
function writes(p: Record<string, unknown>, params: ParameterCollector): Partial<OdooTarget> {
	const list = entries(p[names.fieldsToWrite], write.entry, names.fieldsToWrite);
	const allowed = p[names.allowedFields];
	if (typeof allowed === 'string' && allowed !== '') {
		const [only, ...more] = list;
		if (!only || more.length > 0) return fail(`${names.fieldsToWrite}: a one-field choice writes exactly one field`);
		const fieldParam = singleFromAi(only[write.field], params) ?? fail('the chosen field is not a single $fromAI');
		const valueParam = singleFromAi(only[write.value], params) ?? fail('the chosen value is not a single $fromAI');
		return { fieldChoice: { fieldParam, valueParam, allowed: allowed.split(',') } };
	}
	return {
		writes: list.map((w): OdooWrite => {
			const field = String(w[write.field] ?? '');
			return writeWithFallback(field, w[write.value], params) ?? { field, ...binding(w[write.value], params, `field ${field}`) };
		}),
	};
}

export function mapHermesOdooNode(node: RawNode, sensitive: boolean): ToolDraft {
	const p = node.parameters ?? {};
	return odooDraft(node, sensitive, {
		operation: p[names.operation],
		model: () => p[names.model],
		recordId: () => p[names.recordId],
		fieldsList: () => p[names.fieldsList],
		filters: (params) => filters(p[names.filters], params),
		returnAll: p[names.returnAll],
		limit: p[names.limit],
		writes: p[names.fieldsToWrite] === undefined ? undefined : (params) => writes(p, params),
	});
}

/** The config keys the first Hermes Odoo tool shows, written into `implied`. */
export function applyHermesOdooSettings(implied: HermesConfig, tools: readonly RawNode[]): void {
	const node = tools.find((n) => hermesOdooPrefix(n.type) !== undefined);
	if (!node) return;
	implied.nodeTypePrefix = hermesOdooPrefix(node.type) ?? implied.nodeTypePrefix;
	const auth = node.parameters?.[names.authentication];
	if (!(ODOO_CREDENTIAL_TYPES as readonly unknown[]).includes(auth)) return;
	applyNodeSettings(HERMES_ODOO, node, implied);
	const credential = (node.credentials as Record<string, { name?: unknown }> | undefined)?.[HERMES_ODOO_CREDENTIALS[auth as OdooCredentialType]]?.name;
	if (typeof credential === 'string' && credential) implied.credentials.odoo = credential;
}
