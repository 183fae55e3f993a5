/**
 * Which tools act only after a person approved the exact call, what their gates are called, and
 * the toolWorkflow a gated tool is in the MCP tools workflow: it calls the tool's gate with the
 * tool's own parameters plus an optional `approval_id`.
 */
import { HAND_OFF_GATEWAYS } from '../contracts';

import type { JsonObject } from '../builders/n8nTypes';
import { callWorkflowParameters, type ParamLookup } from '../builders/nodeParts';
import { wrapperInputs } from '../builders/wrappedTool';
import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import { APPROVAL_ID_PARAM } from '../lint/core';
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';

// Defined with the lint core, which recognises gated tools in any workflow by it.
export { APPROVAL_ID_PARAM };

/** The tools `approvals` gates: those it lists, else every tool the catalogue marks sensitive. */
export function gatedToolNames(catalogue: readonly ToolSpec[], config: Pick<HermesConfig, 'approvals'>): string[] {
	if (!config.approvals) return [];
	const listed = config.approvals.tools;
	const names = listed ?? catalogue.filter((t) => t.sensitive).map((t) => t.name);
	const targetOf = (name: string) => catalogue.find((t) => t.name === name)?.target;
	const unknown = names.filter((name) => !targetOf(name));
	if (unknown.length > 0) throw new ConfigError('approvals.tools names tools that are not in the catalogue:', unknown);
	const handOff = names.filter((name) => {
		const target = targetOf(name);
		return target?.kind === 'gateway' && HAND_OFF_GATEWAYS.includes(target.gateway);
	});
	if (handOff.length > 0) throw new ConfigError('These tools hand their request to another workflow and cannot be gated (the gate would approve the hand-off, not what the other workflow does):', handOff);
	const clashing = names.filter((name) => catalogue.find((t) => t.name === name)?.parameters.some((p) => p.key === APPROVAL_ID_PARAM));
	if (clashing.length > 0) throw new ConfigError(`These tools already have a parameter "${APPROVAL_ID_PARAM}", which a gated tool adds:`, clashing);
	return names;
}

export function gatedTools(catalogue: readonly ToolSpec[], config: Pick<HermesConfig, 'approvals'>): ToolSpec[] {
	const names = gatedToolNames(catalogue, config);
	return catalogue.filter((t) => names.includes(t.name));
}

export function gateWorkflowName(tool: string, config: Pick<HermesConfig, 'approvals'>): string {
	if (!config.approvals) throw new Error('gateWorkflowName without approvals');
	return `${config.approvals.gateWorkflowPrefix}${tool}`;
}

export function gateWorkflowFileName(tool: string): string {
	return `hermes-approval-${tool.replace(/_/g, '-')}.json`;
}

export const APPROVAL_PAGE_FILE = 'hermes-approval-page.json';

export const APPROVAL_ID_SPEC: ParameterSpec = {
	key: APPROVAL_ID_PARAM,
	type: 'string',
	description: 'Leave empty on the first call. After a person approved, the approval_id that the first call answered',
	required: false,
	default: '',
};

/** Told to the agent, so it knows the first call only asks. */
export const GATED_NOTE =
	' Each call needs a person\'s approval: the first call executes nothing and answers __APPROVAL_REQUIRED__ with an approval_id; once the person approved, call again with that approval_id and the same arguments.';

/** The tool's parameters and `approval_id`, and where the gate's check can refuse an argument the tool does not take, the raw call. */
export function gatedToolParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup): JsonObject {
	return callWorkflowParameters(`${tool.description}${GATED_NOTE}`, gateWorkflowName(tool.name, config), wrapperInputs(tool, APPROVAL_ID_SPEC, lookup));
}
