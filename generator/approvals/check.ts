/**
 * A gate's two uses of the tool's own node: the action after approval, and before anything is
 * stored or sent, the check of the call by the same node. A gateway node checks with its Check
 * Only setting (its own validation, normalisation and target resolution, and a read of the
 * target); an Odoo tool's check is the read of its record (get by id), whose answer also gives
 * the target the person sees. The gate keeps no copy of any validation: it reads what the node
 * answered.
 */
import { MARKER_RETRY, recordNotFoundHint, STATE_RETRY } from '../contracts';

import type { HermesConfig } from '../config';
import { quote } from '../fromAi';
import type { GatewayTarget, OdooTarget, ToolSpec } from '../toolSpec/schema';
import { contractOf } from '../builders/gatewayParams';
import type { JsonObject, WorkflowNode } from '../builders/n8nTypes';
import type { ParamLookup, ValueOf } from '../builders/odooTool';
import { checksArguments, toolNode } from '../builders/toolNodes';
import { targetFields } from './targets';

export const CHECK_NODE = 'Check call';

export interface GateCheck {
	/** Runs once, whatever came in. */
	node: WorkflowNode;
	/** Condition on the check's answer (read by node name, so any later node can ask): the call can run. */
	passed: string;
	/** Expression body of the answer the tool gives when the call cannot run (an object). */
	refusal: string;
	/** Expression text of a parameter's value as the tool normalised it. */
	value(key: string): string;
	/** Expression text of the target as read: an object, or null. */
	target: string;
}

const checked = `$(${quote(CHECK_NODE)}).first().json`;

/** The node's own answer, as it gave it (`state` only where it sent one). */
const ownRefusal = `{ success: false, error: ${checked}.error, hint: ${checked}.hint, retry: ${checked}.retry, state: ${checked}.state }`;

function gatewayCheck(workflow: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf, position: [number, number]): GateCheck | undefined {
	const target = tool.target as GatewayTarget;
	const contract = contractOf(target.gateway);
	if (contract.checkOnly === undefined) return undefined;
	const base = toolNode(workflow, CHECK_NODE, tool, config, lookup, valueOf, position);
	const parameters: JsonObject = { ...base.parameters, [contract.params[contract.checkOnly]]: true };
	return {
		node: { ...base, parameters, executeOnce: true },
		passed: `${checked}.success === true && ${checked}.checked === true`,
		refusal: ownRefusal,
		value: (key) => {
			const input = target.inputs.find((i) => i.param === key);
			const role = input ? contract.subWorkflowInputs[input.input]?.[0] : undefined;
			return role === undefined ? valueOf(lookup(key)) : `${checked}.normalised[${quote(role)}]`;
		},
		target: `${checked}.target ?? null`,
	};
}

/** A many2one is read as [id, name]; Odoo reads an empty value as false. */
const shown = (value: string) => `(Array.isArray(${value}) ? ${value}[1] : ${value} === false ? null : ${value})`;

function odooCheck(workflow: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf, position: [number, number]): GateCheck | undefined {
	const target = tool.target as OdooTarget;
	const idParam = target.recordIdParam;
	if (idParam === undefined) return undefined;
	const fields = targetFields(target.model);
	const read: ToolSpec = { ...tool, target: { ...target, operation: 'get', fieldsList: fields.map((f) => f.field) } };
	const base = toolNode(workflow, CHECK_NODE, read, config, lookup, valueOf, position);
	const hermes = config.odooMode === 'hermes';
	// n8n's Odoo node outputs the record's fields, or nothing for an unknown id; the Hermes node answers.
	const record = hermes ? `${checked}.record` : checked;
	const [before, after] = recordNotFoundHint(target.model, '\u0000').split('\u0000');
	const notFound = `{ success: false, error: '__NOT_FOUND__', hint: ${quote(before)} + ${valueOf(lookup(idParam))} + ${quote(after)}, retry: ${quote(MARKER_RETRY.__NOT_FOUND__)} }`;
	const unreadable = `{ success: false, error: '__UNAVAILABLE__', state: 'unreachable', hint: ${quote(`Odoo could not be read to check the call (${target.model}). Nothing was executed and nobody was asked; retry later or tell the operator.`)}, retry: ${quote(STATE_RETRY.unreachable)} }`;
	return {
		node: { ...base, executeOnce: true, alwaysOutputData: true, onError: 'continueRegularOutput' },
		passed: hermes ? `${checked}.success === true` : `typeof ${checked}.id === 'number'`,
		refusal: hermes ? ownRefusal : `(${checked}.error !== undefined ? ${unreadable} : ${notFound})`,
		value: (key) => (key === idParam ? `${record}.id` : valueOf(lookup(key))),
		target: `({ ${fields.map((f) => `${JSON.stringify(f.key)}: ${shown(`${record}.${f.field}`)}`).join(', ')} })`,
	};
}

/**
 * The check of a gated tool's call, or none where its node cannot check one. `agentArguments`
 * (the node's two agent-arguments parameters) go on a node that can refuse an argument the tool
 * does not take, so such a call is refused before anyone is asked.
 */
export function gateCheck(
	workflow: string,
	tool: ToolSpec,
	config: HermesConfig,
	lookup: ParamLookup,
	valueOf: ValueOf,
	position: [number, number],
	agentArguments: JsonObject = {},
): GateCheck | undefined {
	const check = tool.target.kind === 'odoo' ? odooCheck(workflow, tool, config, lookup, valueOf, position) : gatewayCheck(workflow, tool, config, lookup, valueOf, position);
	if (!check || !checksArguments(tool, config)) return check;
	return { ...check, node: { ...check.node, parameters: { ...check.node.parameters, ...agentArguments } } };
}
