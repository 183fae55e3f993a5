/** Which tools act only after a person approved the exact call, and what their gates are called. */
import { HAND_OFF_GATEWAYS } from '../contracts';
import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import type { ToolSpec } from '../toolSpec/schema';
import { APPROVAL_ID_PARAM } from '../lint/core';

// Defined with the lint core, which recognises gated tools in any workflow by it.
export { APPROVAL_ID_PARAM };

/** The tools `approvals` gates: those it lists, else every tool the catalogue marks sensitive. */
export function gatedToolNames(catalogue: readonly ToolSpec[], config: Pick<HermesConfig, 'approvals'>): string[] {
	if (!config.approvals) return [];
	const listed = config.approvals.tools;
	if (listed === undefined) return catalogue.filter((t) => t.sensitive).map((t) => t.name);
	const unknown = listed.filter((name) => !catalogue.some((t) => t.name === name));
	if (unknown.length > 0) throw new ConfigError('approvals.tools names tools that are not in the catalogue:', unknown);
	const handOff = listed.filter((name) => {
		const target = catalogue.find((t) => t.name === name)?.target;
		return target?.kind === 'gateway' && HAND_OFF_GATEWAYS.includes(target.gateway);
	});
	if (handOff.length > 0) throw new ConfigError('These tools hand their request to another workflow and cannot be gated (the gate would approve the hand-off, not what the other workflow does):', handOff);
	const clashing = listed.filter((name) => catalogue.find((t) => t.name === name)?.parameters.some((p) => p.key === APPROVAL_ID_PARAM));
	if (clashing.length > 0) throw new ConfigError(`These tools already have a parameter "${APPROVAL_ID_PARAM}", which a gated tool adds:`, clashing);
	return listed;
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
