/**
 * A create tool read back: its toolWorkflow calls its create-once workflow (creates/), which runs
 * what the tool would run unwrapped. Import turns it into that unwrapped node and maps it as
 * usual; the rebuild check then compares the original with the generated wrapper.
 * - A gateway tool passes its gateway's inputs: the same toolWorkflow, calling the gateway.
 * - An Odoo tool runs the Hermes Odoo node inside the create-once workflow, on the trigger's
 *   inputs: read from that workflow's file beside the imported one, each input put back as the
 *   `$fromAI` call the toolWorkflow passes, it is the node's tool variant.
 */
import { AGENT_ARGUMENT_INPUTS, AGENT_ARGUMENTS, GATEWAY_NAMES } from '../contracts';

import { subWorkflowInputNames } from '../builders/gatewayParams';
import { SUBWORKFLOW_TRIGGER_NAME } from '../builders/nodeParts';
import { CREATES_DEFAULTS, type HermesConfig } from '../config';
import { DUPLICATE_PARAM } from '../creates/answers';
import { onceWorkflowFileName } from '../creates/createTools';
import { quote } from '../fromAi';
import type { RawNode } from './mapNodes';
import { UnmappableError } from './values';

/** A workflow beside the imported one, by its name (undefined: not there). */
export type SubWorkflowReader = (name: string, file: string) => { nodes?: unknown } | undefined;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The create-once workflow a toolWorkflow calls, or undefined when it calls another. */
export function onceWorkflowOf(node: RawNode, config: Pick<HermesConfig, 'creates' | 'mcpPath'>): string | undefined {
	const name = record(node.parameters?.workflowId).cachedResultName;
	// The config's prefix, or the one a config on the workflow's path gets by default.
	const prefixes = [config.creates.workflowPrefix, CREATES_DEFAULTS.workflowPrefix.replace(/ - $/, ` (${config.mcpPath}) - `)];
	return typeof name === 'string' && prefixes.some((prefix) => name === `${prefix}${node.name}`) ? name : undefined;
}

/** Every string in `value` with `from` replaced by `to`. */
function replaced(value: unknown, swaps: ReadonlyArray<[string, string]>): unknown {
	if (typeof value === 'string') return swaps.reduce((text, [from, to]) => text.split(from).join(to), value);
	if (Array.isArray(value)) return value.map((v) => replaced(v, swaps));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaced(v, swaps)]));
	return value;
}

export function unwrapOnce(node: RawNode, onceName: string, config: HermesConfig, readSub: SubWorkflowReader | undefined): RawNode {
	const p = node.parameters ?? {};
	const mapper = record(p.workflowInputs);
	const values = record(mapper.value);
	const names = Object.keys(values).filter((n) => n !== DUPLICATE_PARAM);
	const gateway = GATEWAY_NAMES.find((g) => {
		const inputs = subWorkflowInputNames(g);
		return names.join(',') === inputs.join(',') || names.join(',') === inputs.filter((i) => !AGENT_ARGUMENT_INPUTS.includes(i)).join(',');
	});
	if (gateway) {
		const kept = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== DUPLICATE_PARAM));
		const schema = Array.isArray(mapper.schema) ? mapper.schema.filter((c) => record(c).id !== DUPLICATE_PARAM) : mapper.schema;
		return {
			...node,
			parameters: { ...p, workflowId: { ...record(p.workflowId), cachedResultName: config.gatewayWorkflows[gateway] }, workflowInputs: { ...mapper, value: kept(values), schema } },
		};
	}
	const tool = node.name;
	const sub = readSub?.(onceName, onceWorkflowFileName(tool));
	if (!sub) {
		throw new UnmappableError(`calls its create-once workflow "${onceName}", which import reads from ${onceWorkflowFileName(tool)} beside the imported file; put that file there (generate writes both)`);
	}
	const inner = (Array.isArray(sub.nodes) ? sub.nodes : []).map(record).find((n) => n.name === tool) as RawNode | undefined;
	if (!inner || typeof inner.type !== 'string') throw new UnmappableError(`its create-once workflow "${onceName}" has no node named ${tool}`);
	// Each trigger input, as the create-once workflow reads it, is the toolWorkflow's `$fromAI` call for it.
	const swaps = names
		.filter((n) => !AGENT_ARGUMENT_INPUTS.includes(n))
		.map((n): [string, string] => [`$(${quote(SUBWORKFLOW_TRIGGER_NAME)}).first().json[${quote(n)}]`, String(values[n]).replace(/^=\{\{ /, '').replace(/ \}\}$/, '')]);
	const agentParams: readonly string[] = Object.values(AGENT_ARGUMENTS.params);
	const parameters = Object.fromEntries(Object.entries(record(inner.parameters)).filter(([k]) => !agentParams.includes(k)));
	return {
		name: tool,
		type: `${inner.type}Tool`,
		typeVersion: inner.typeVersion,
		parameters: { descriptionType: 'manual', toolDescription: p.description, ...(replaced(parameters, swaps) as Record<string, unknown>) },
		...(inner.credentials ? { credentials: inner.credentials } : {}),
	};
}
