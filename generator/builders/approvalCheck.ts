/**
 * A gate's two uses of the tool's own node: the action after approval, and before anything is
 * stored or sent, the check of the call by the same node. A gateway node checks with its Check
 * Only setting (its own validation, normalisation and target resolution, and a read of the
 * target); an Odoo tool's check is the read of its record (get by id), whose answer also gives
 * the target the person sees. The gate keeps no copy of any validation: it reads what the node
 * answered.
 */
import { hasAgentArguments, recordNotFoundHint } from '../contracts';

import { targetFields } from '../approvals/targets';
import type { HermesConfig } from '../config';
import { quote } from '../fromAi';
import type { GatewayTarget, OdooTarget, ToolSpec } from '../toolSpec/schema';
import { gatewayNodeParameters } from './directTool';
import { contractOf, gatewayNodeType } from './gatewayParams';
import { gatewayCredentials } from './gatewaySettings';
import { hermesOdooCredentials, hermesOdooNodeParameters, hermesOdooType } from './hermesOdooTool';
import type { JsonObject, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { node } from './nodeParts';
import { odooNodeParameters, type ParamLookup, type ValueOf } from './odooTool';

export const CHECK_NODE = 'Check call';

/** The tool's node on the given parameter values (a gate's input, or the normalised call). */
export function toolNode(workflow: string, name: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf, position: [number, number]): WorkflowNode {
	if (tool.target.kind === 'odoo' && config.odooMode === 'hermes') {
		return { ...node(workflow, name, hermesOdooType(config, false), position, hermesOdooNodeParameters(tool, config, lookup, valueOf)), credentials: hermesOdooCredentials(config) };
	}
	if (tool.target.kind === 'odoo') {
		return {
			...node(workflow, name, NODE_TYPES.odoo, position, odooNodeParameters(tool, config, lookup, valueOf)),
			credentials: { [config.odooCredentialType]: { name: config.credentials.odoo } },
		};
	}
	const gateway = tool.target.gateway;
	return { ...node(workflow, name, gatewayNodeType(gateway, config.nodeTypePrefix), position, gatewayNodeParameters(tool, config, lookup, valueOf)), ...gatewayCredentials(gateway, config) };
}

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
	const notFound = `{ success: false, error: '__NOT_FOUND__', hint: ${quote(before)} + ${valueOf(lookup(idParam))} + ${quote(after)}, retry: 'change_arguments' }`;
	const unreadable = `{ success: false, error: '__UNAVAILABLE__', state: 'unreachable', hint: ${quote(`Odoo could not be read to check the call (${target.model}). Nothing was executed and nobody was asked; retry later or tell the operator.`)}, retry: 'later' }`;
	return {
		node: { ...base, executeOnce: true, alwaysOutputData: true, onError: 'continueRegularOutput' },
		passed: hermes ? `${checked}.success === true` : `typeof ${checked}.id === 'number'`,
		refusal: hermes ? ownRefusal : `(${checked}.error !== undefined ? ${unreadable} : ${notFound})`,
		value: (key) => (key === idParam ? `${record}.id` : valueOf(lookup(key))),
		target: `({ ${fields.map((f) => `${JSON.stringify(f.key)}: ${shown(`${record}.${f.field}`)}`).join(', ')} })`,
	};
}

/** Whether the check's node can refuse an argument the tool does not take (nodes/shared/agentArguments.ts); n8n's Odoo node cannot. */
export function checksArguments(tool: ToolSpec, config: Pick<HermesConfig, 'odooMode'>): boolean {
	if (tool.target.kind === 'odoo') return config.odooMode === 'hermes';
	const contract = contractOf(tool.target.gateway);
	return hasAgentArguments(contract, contract.typeVersion);
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
