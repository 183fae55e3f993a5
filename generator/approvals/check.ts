/**
 * A gate's two uses of the tool's own node: the action after approval, and before anything is
 * stored or sent, the check of the call by the same node. A gateway node checks with its Check
 * Only setting (its own validation, normalisation and target resolution, and a read of the
 * target); so does the Hermes Odoo node for its writes, whose read of the record gives the
 * target the person sees. The gate keeps no copy of any validation: it reads what the node
 * answered.
 */
import { HERMES_ODOO } from '../contracts';

import type { HermesConfig } from '../config';
import { quote } from '../fromAi';
import type { ToolPlan } from '../plan';
import type { GatewayTarget, OdooTarget } from '../toolSpec/schema';
import type { JsonObject, WorkflowNode } from '../builders/n8nTypes';
import type { ValueOf } from '../builders/nodeParts';
import { toolNode } from '../builders/toolNodes';
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
	/** Expression text of what the call would change, as the node said (display.ts changesText), or null. */
	changes: string;
}

const checked = `$(${quote(CHECK_NODE)}).first().json`;

/** The node's own answer, as it gave it (`state` only where it sent one). */
const ownRefusal = `{ success: false, error: ${checked}.error, hint: ${checked}.hint, retry: ${checked}.retry, state: ${checked}.state }`;

/** What every check shares: the tool's node with its Check Only setting on, read as the node answered it. */
function checkOnlyRun(base: WorkflowNode, checkOnlyParam: string): Pick<GateCheck, 'node' | 'passed' | 'refusal' | 'changes'> {
	return {
		node: { ...base, parameters: { ...base.parameters, [checkOnlyParam]: true }, executeOnce: true },
		passed: `${checked}.success === true && ${checked}.checked === true`,
		refusal: ownRefusal,
		changes: `${checked}.changes ?? null`,
	};
}

function gatewayCheck(workflow: string, plan: ToolPlan, config: HermesConfig, valueOf: ValueOf, position: [number, number]): GateCheck | undefined {
	const target = plan.tool.target as GatewayTarget;
	const { contract } = plan;
	if (contract.checkOnly === undefined) return undefined;
	return {
		...checkOnlyRun(toolNode(workflow, CHECK_NODE, plan, config, valueOf, position), contract.params[contract.checkOnly]),
		value: (key) => {
			const input = target.inputs.find((i) => i.param === key);
			const role = input ? contract.subWorkflowInputs[input.input]?.[0] : undefined;
			return role === undefined ? valueOf(plan.lookup(key)) : `${checked}.normalised[${quote(role)}]`;
		},
		target: `${checked}.target ?? null`,
	};
}

/** A many2one is read as [id, name]; Odoo reads an empty value as false. */
const shown = (value: string) => `(Array.isArray(${value}) ? ${value}[1] : ${value} === false ? null : ${value})`;

/**
 * The Hermes Odoo node's Check Only run of the tool's own write (a gated Odoo tool is one:
 * plan/): the id, the allowed fields, each value against its field's type, and for an
 * update or delete the record as it is now, which is the target. A read has none: gated anyway by
 * a config, it is asked about as called.
 */
function odooCheck(workflow: string, plan: ToolPlan, target: OdooTarget, config: HermesConfig, valueOf: ValueOf, position: [number, number]): GateCheck | undefined {
	if (!HERMES_ODOO.shownFor.checkOnly?.includes(target.operation)) return undefined;
	const idParam = target.recordIdParam;
	const fields = idParam === undefined ? [] : targetFields(target.model);
	const odoo = { ...target, fieldsList: fields.map((f) => f.field) };
	const checkedPlan: ToolPlan = fields.length > 0 ? { ...plan, tool: { ...plan.tool, target: odoo }, odoo } : plan;
	const record = `${checked}.record`;
	return {
		...checkOnlyRun(toolNode(workflow, CHECK_NODE, checkedPlan, config, valueOf, position), HERMES_ODOO.params.checkOnly),
		value: (key) => (key === idParam ? `${record}.id` : valueOf(plan.lookup(key))),
		target: fields.length > 0 ? `({ ${fields.map((f) => `${JSON.stringify(f.key)}: ${shown(`${record}.${f.field}`)}`).join(', ')} })` : 'null',
	};
}

/**
 * The check of a gated tool's call, or none where its node cannot check one. `agentArguments`
 * (the node's two agent-arguments parameters) go on a node that can refuse an argument the tool
 * does not take, so such a call is refused before anyone is asked.
 */
export function gateCheck(workflow: string, plan: ToolPlan, config: HermesConfig, valueOf: ValueOf, position: [number, number], agentArguments: JsonObject = {}): GateCheck | undefined {
	const check = plan.odoo ? odooCheck(workflow, plan, plan.odoo, config, valueOf, position) : gatewayCheck(workflow, plan, config, valueOf, position);
	if (!check || !plan.checksArguments) return check;
	return { ...check, node: { ...check.node, parameters: { ...check.node.parameters, ...agentArguments } } };
}
