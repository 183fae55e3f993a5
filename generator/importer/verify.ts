/**
 * The importer's guarantee: a tool is imported only if the generator rebuilds its node exactly
 * (type, version, parameters, credential type) from the imported spec. Any difference is a
 * parameter the catalogue cannot express, and the tool is reported instead of half-imported.
 */
import { AGENT_ARGUMENT_INPUTS, AGENT_ARGUMENTS } from '../contracts';

import { buildMcpWorkflow } from '../builders';
import { createTools, onceToolParameters } from '../creates/createTools';
import type { ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { differingPaths } from '../deploy/normalise';
import type { RawNode } from './mapNodes';

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

export function rebuildDifferences(original: RawNode, spec: ToolSpec, config: HermesConfig): string[] {
	// A create tool is rebuilt as its create-once wrapper, as generate writes it.
	const once = new Map(createTools([spec], config, []).map((tool) => [tool.name, onceToolParameters(tool, config)]));
	const rebuilt = buildMcpWorkflow({ name: config.workflowName, path: config.mcpPath, tools: [spec], once }, config).nodes[1];
	return differingPaths(comparable(original), comparable(rebuilt as unknown as RawNode), '', Infinity);
}
