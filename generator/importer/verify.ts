/**
 * The importer's guarantee: a tool is imported only if the generator rebuilds its node exactly
 * (type, version, parameters, credential type) from the imported spec. Any difference is a
 * parameter the catalogue cannot express, and the tool is reported instead of half-imported.
 * n8n's own Odoo tool node is rebuilt as the Hermes Odoo node, so there the guarantee is what the
 * agent sees: every parameter is one the mapper reads, and the description and each `$fromAI`
 * (key, type, description, default) are the same.
 */
import { AGENT_ARGUMENT_INPUTS, AGENT_ARGUMENTS } from '../contracts';

import { mcpToolNode } from '../builders/mcpWorkflow';
import { onceToolParameters } from '../creates/createTools';
import { DUPLICATE_PARAM, planTools } from '../plan';
import type { ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { differingPaths } from '../deploy/normalise';
import { collectFromAiCalls } from '../fromAi';
import { N8N_ODOO_TOOL, N8N_ODOO_TOOL_VERSION, type RawNode } from './mapNodes';

/** Node keys the generator writes; ids and positions are regenerated, the rest must match. */
const REBUILT_KEYS = new Set(['id', 'name', 'type', 'typeVersion', 'position', 'parameters', 'credentials', 'webhookId']);

const AGENT_PARAMS: readonly string[] = Object.values(AGENT_ARGUMENTS.params);

/**
 * The agent-arguments check is derived from the tool's parameters alone, so the rebuild writes it
 * whatever the original had: a tool written before the check existed imports, and gains it.
 */
function withoutAgentArguments(parameters: Record<string, unknown>): Record<string, unknown> {
	const kept = Object.fromEntries(Object.entries(parameters).filter(([key]) => !AGENT_PARAMS.includes(key)));
	const mapper = kept.workflowInputs as { value?: unknown; schema?: unknown } | undefined;
	if (!mapper || typeof mapper !== 'object') return kept;
	const value = mapper.value && typeof mapper.value === 'object' ? Object.fromEntries(Object.entries(mapper.value).filter(([key]) => !AGENT_ARGUMENT_INPUTS.includes(key))) : mapper.value;
	const schema = Array.isArray(mapper.schema) ? mapper.schema.filter((column: { id?: unknown }) => !AGENT_ARGUMENT_INPUTS.includes(String(column?.id))) : mapper.schema;
	return { ...kept, workflowInputs: { ...mapper, value, schema } };
}

/** A pushed workflow carries the sub-workflow id and credential ids: deployment state, not spec. */
function comparable(node: RawNode): Record<string, unknown> {
	const parameters = withoutAgentArguments({ ...(node.parameters ?? {}) });
	const workflowId = parameters.workflowId as Record<string, unknown> | undefined;
	if (workflowId && typeof workflowId === 'object') parameters.workflowId = { cachedResultName: workflowId.cachedResultName };
	const credentials = Object.fromEntries(
		Object.entries((node.credentials ?? {}) as Record<string, { name?: unknown }>).map(([type, c]) => [type, c?.name]),
	);
	return { type: node.type, typeVersion: node.typeVersion, parameters, credentials };
}

/** Node settings (notes, retries, disabled ...) no catalogue field holds. */
export function unexpressibleSettings(node: RawNode): string[] {
	return Object.keys(node).filter((key) => !REBUILT_KEYS.has(key));
}

/** The parameters of n8n's Odoo tool node that mapNodes.ts reads; any other would be lost. */
const N8N_ODOO_PARAMETERS = new Set(['descriptionType', 'toolDescription', 'authentication', 'resource', 'customResource', 'operation', 'recordId', 'options', 'filters', 'returnAll', 'limit', 'fieldsToSend']);
const N8N_ODOO_OPTIONS = new Set(['fieldsList']);

/** What n8n lists of a tool: its description and its `$fromAI` calls, one per key; `added` left out. */
function agentView(node: RawNode, added: readonly string[] = []): Record<string, unknown> {
	const { toolDescription, description, ...rest } = node.parameters ?? {};
	const calls = new Map(
		collectFromAiCalls(rest)
			.filter(({ key }) => !added.includes(key))
			.map(({ key, type, description: about, defaultValue }) => [key, { type, description: about, defaultValue }]),
	);
	return { description: toolDescription ?? description, fromAi: Object.fromEntries([...calls].sort(([a], [b]) => a.localeCompare(b))) };
}

function n8nOdooDifferences(original: RawNode, rebuilt: RawNode, createsOnce: boolean): string[] {
	const parameters = original.parameters ?? {};
	const options = parameters.options;
	const unread = [
		...Object.keys(parameters).filter((key) => !N8N_ODOO_PARAMETERS.has(key)),
		...(typeof options === 'object' && options !== null ? Object.keys(options).filter((key) => !N8N_ODOO_OPTIONS.has(key)).map((key) => `options.${key}`) : []),
	];
	if (original.typeVersion !== N8N_ODOO_TOOL_VERSION) unread.unshift('typeVersion');
	if (unread.length > 0) return unread.map((key) => (key === 'typeVersion' ? key : `parameters.${key}`));
	// A create gains `duplicate`, as every create the generator writes does: the one change the agent sees.
	return differingPaths(agentView(original), agentView(rebuilt, createsOnce ? [DUPLICATE_PARAM] : []), '', Infinity);
}

export function rebuildDifferences(original: RawNode, spec: ToolSpec, config: HermesConfig): string[] {
	// A create tool is rebuilt as its create-once wrapper, as generate writes it (ungated: import reads no gate back).
	const [plan] = planTools([spec], { ...config, approvals: undefined });
	const rebuilt = mcpToolNode(plan, 0, config.workflowName, config, (p) => onceToolParameters(p, config)) as unknown as RawNode;
	if (original.type === N8N_ODOO_TOOL) return n8nOdooDifferences(original, rebuilt, plan.createsOnce);
	return differingPaths(comparable(original), comparable(rebuilt), '', Infinity);
}
