/**
 * One tool node of an MCP workflow -> a catalogue ToolSpec draft (validated by the caller):
 * `odooTool` nodes with resource "custom", and `toolWorkflow` nodes calling a gateway (the Hermes
 * Odoo node: hermesOdoo.ts; gateway tool variants: directGateway.ts).
 */
import { AGENT_ARGUMENT_INPUTS, GATEWAY_CONTRACTS, type GatewayContract } from '../contracts';

import { allowListsOf, subWorkflowInputNames } from '../builders/gatewayParams';
import {
	GATEWAY_INPUTS,
	GATEWAYS,
	ODOO_OPERATIONS,
	type GatewayInput,
	type GatewayName,
	type OdooFilter,
	type OdooOperation,
	type OdooTarget,
	type OdooWrite,
} from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { APPROVAL_DEFAULTS } from '../config';
import {
	allowListExpression,
	binding,
	expressionBody,
	fail,
	fromAiCalls,
	isExpression,
	literalOf,
	ParameterCollector,
	quotedList,
	singleFromAi,
} from './values';

/** n8n's own Odoo tool node: workflows built by hand or before the Hermes Odoo node hold it; import reads it into Hermes Odoo tools. */
export const N8N_ODOO_TOOL = 'n8n-nodes-base.odooTool';
/** The version of it the mapper reads: version 1 holds the model and the fields in other shapes. */
export const N8N_ODOO_TOOL_VERSION = 2;

export interface RawNode {
	name: string;
	type: string;
	typeVersion?: unknown;
	parameters?: Record<string, unknown>;
	[key: string]: unknown;
}

/** A ToolSpec before zod validation. */
export interface ToolDraft {
	name: string;
	description: string;
	sensitive: boolean;
	target: Record<string, unknown>;
	parameters: ReturnType<ParameterCollector['list']>;
}

export function asRecord(value: unknown, where: string): Record<string, unknown> {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`${where} is not an object`);
	return value as Record<string, unknown>;
}

function locatorValue(value: unknown, where: string): unknown {
	const locator = asRecord(value, where);
	// "From List" holds the chosen value as "By ID" does (the generator writes the model that way).
	if (locator.__rl !== true || (locator.mode !== 'id' && locator.mode !== 'list')) return fail(`${where} is not a resource locator "By ID" or "From List"`);
	if (locator.value === '' || locator.value === undefined) return fail(`${where} has no value: pick one in the node or set it "By ID"`);
	return locator.value;
}

export function nodeDescription(value: unknown, where: string): string {
	return typeof value === 'string' && value.length > 0 ? value : fail(`${where} is empty`);
}

function odooFilters(parameters: Record<string, unknown>, params: ParameterCollector): OdooFilter[] {
	const list = asRecord(parameters.filters ?? { filter: [] }, 'filters').filter ?? [];
	if (!Array.isArray(list)) return fail('filters.filter is not a list');
	return list.map((raw, index) => {
		const filter = asRecord(raw, `filter ${index + 1}`);
		// Operators the node does not list (ilike) are written as an expression `={{ 'ilike' }}`.
		const operator = isExpression(filter.operator) ? quotedList(`[${expressionBody(filter.operator)}]`)?.[0] : filter.operator;
		return {
			field: String(filter.fieldName ?? ''),
			operator: operator as OdooFilter['operator'],
			...binding(filter.value, params, `filter on ${String(filter.fieldName)}`),
		};
	});
}

/** `$fromAI(...) || fallback`, as the builders write a write with a fallback. */
export function writeWithFallback(field: string, value: unknown, params: ParameterCollector): OdooWrite | undefined {
	if (!isExpression(value)) return undefined;
	const body = expressionBody(value);
	const calls = fromAiCalls(body);
	const head = calls.length > 0 ? `$fromAI(${calls[0].raw}) || ` : '';
	if (!head || !body.startsWith(head) || body.length === head.length) return undefined;
	return { field, param: params.add(calls[0]), fallback: body.slice(head.length) };
}

function odooWrites(fieldsToSend: unknown, params: ParameterCollector): Partial<OdooTarget> {
	const mapper = asRecord(fieldsToSend, 'fieldsToSend');
	const value = mapper.value;
	const choice = allowListExpression(value, params);
	if (choice) {
		if (choice.keys.length !== 2) return fail('fieldsToSend: a one-field choice needs a field and a value parameter');
		return { fieldChoice: { fieldParam: choice.keys[0], valueParam: choice.keys[1], allowed: choice.allowed } };
	}
	const writes = Object.entries(asRecord(value, 'fieldsToSend.value')).map(
		([field, raw]): OdooWrite =>
			writeWithFallback(field, raw, params) ?? { field, ...binding(raw, params, `field ${field}`) },
	);
	return { writes };
}

/**
 * What an Odoo tool node shows of its target, however its node writes it (n8n's Odoo node here,
 * the Hermes Odoo node in hermesOdoo.ts). Read lazily, in the order the mappers check it.
 */
export interface OdooNodeView {
	operation: unknown;
	model(): unknown;
	recordId(): unknown;
	fieldsList(): unknown;
	filters(params: ParameterCollector): OdooFilter[];
	returnAll: unknown;
	limit: unknown;
	/** The fields it writes; undefined when it writes none. */
	writes?: (params: ParameterCollector) => Partial<OdooTarget>;
}

/** One Odoo tool node -> its draft; parameters are collected in one order for both nodes, so both import to the same catalogue. */
export function odooDraft(node: RawNode, sensitive: boolean, view: OdooNodeView): ToolDraft {
	const operation = view.operation as OdooOperation;
	if (!ODOO_OPERATIONS.includes(operation)) fail(`operation "${String(view.operation)}" is not one of ${ODOO_OPERATIONS.join(', ')}`);
	const params = new ParameterCollector();
	const target: Partial<OdooTarget> & Record<string, unknown> = { kind: 'odoo', model: String(view.model() ?? ''), operation };
	const recordId = view.recordId();
	if (recordId !== undefined) target.recordIdParam = singleFromAi(recordId, params) ?? fail('recordId is not a single $fromAI');
	const fieldsList = view.fieldsList();
	if (typeof fieldsList === 'string') target.fieldsList = fieldsList.split(',').map((f) => f.trim());
	if (operation === 'getAll') {
		const filters = view.filters(params);
		if (filters.length > 0) target.filters = filters;
		if (view.returnAll !== true) target.limitParam = singleFromAi(view.limit, params) ?? fail('limit is not a single $fromAI (the catalogue binds the limit to a parameter)');
	}
	if (view.writes) Object.assign(target, view.writes(params));
	return { name: node.name, description: nodeDescription(node.parameters?.toolDescription, 'toolDescription'), sensitive, target, parameters: params.list() };
}

export function mapOdooNode(node: RawNode, sensitive: boolean): ToolDraft {
	const p = node.parameters ?? {};
	if (p.resource !== 'custom') {
		fail(`resource "${String(p.resource)}": the catalogue builds Odoo tools on resource "custom" (a model by name) only`);
	}
	return odooDraft(node, sensitive, {
		operation: p.operation,
		model: () => locatorValue(p.customResource, 'customResource'),
		recordId: () => (p.recordId === undefined ? undefined : locatorValue(p.recordId, 'recordId')),
		fieldsList: () => (p.options === undefined ? undefined : asRecord(p.options, 'options').fieldsList),
		filters: (params) => odooFilters(p, params),
		returnAll: p.returnAll,
		limit: p.limit,
		writes: p.fieldsToSend === undefined ? undefined : (params) => odooWrites(p.fieldsToSend, params),
	});
}

function gatewayOf(workflowId: unknown, config: HermesConfig): GatewayName {
	const locator = asRecord(workflowId, 'workflowId');
	const name = locator.cachedResultName;
	const gateway = GATEWAYS.find((g) => config.gatewayWorkflows[g] === name);
	if (gateway) return gateway;
	const gatePrefix = config.approvals?.gateWorkflowPrefix ?? APPROVAL_DEFAULTS.gateWorkflowPrefix;
	if (typeof name === 'string' && name.startsWith(gatePrefix)) {
		// The tool's own node is inside the gate workflow, which import does not read.
		return fail(
			`calls the approval gate "${name}": import does not read a gated tool back. Import the workflow generated without ` +
				'`approvals` (its catalogue is the same), then add `approvals` to the config',
		);
	}
	const known = GATEWAYS.map((g) => `"${config.gatewayWorkflows[g]}"`).join(', ');
	return fail(
		`calls sub-workflow ${name === undefined ? `id ${String(locator.value)}` : `"${String(name)}"`}, which is not a gateway ` +
			`workflow of the config (${known}); a catalogue tool calls a gateway only`,
	);
}

/** One gateway input's value -> its binding (a literal, a parameter, a parameter with an allow-list), or none when empty. */
export function gatewayInput(input: string, value: unknown, params: ParameterCollector): GatewayInput | undefined {
	if (value === '') return undefined;
	const param = singleFromAi(value, params);
	if (param !== undefined) return { input, param };
	const choice = allowListExpression(value, params);
	if (choice && choice.keys.length === 1) return { input, param: choice.keys[0], allowed: choice.allowed };
	const literal = literalOf(value);
	if (literal !== undefined) return { input, value: literal };
	return binding(value, params, `input ${input}`) as never;
}

export function mapToolWorkflowNode(node: RawNode, sensitive: boolean, config: HermesConfig): ToolDraft {
	const p = node.parameters ?? {};
	if (p.source !== 'database') fail(`source "${String(p.source)}": the catalogue calls stored sub-workflows (source "database") only`);
	const gateway = gatewayOf(p.workflowId, config);
	const mapper = asRecord(p.workflowInputs, 'workflowInputs');
	const values = asRecord(mapper.value, 'workflowInputs.value');
	const expected = subWorkflowInputNames(gateway);
	const names = Object.keys(values);
	// The agent's raw arguments are derived from the tool, not catalogue data: a tool written
	// before they existed (without them) imports as well.
	const withoutAgent = expected.filter((name) => !AGENT_ARGUMENT_INPUTS.includes(name));
	if (names.join(',') !== expected.join(',') && names.join(',') !== withoutAgent.join(',')) {
		fail(`sub-workflow inputs ${names.join(', ') || '(none)'} do not match the ${gateway} gateway's inputs ${expected.join(', ')}`);
	}
	const params = new ParameterCollector();
	// The catalogue's inputs; an allow-list input is read into the input it restricts.
	const inputs = GATEWAY_INPUTS[gateway]
		.map((name) => withAllowList(gateway, gatewayInput(name, values[name], params), values))
		.filter((i): i is GatewayInput => i !== undefined);
	return gatewayDraft(node, nodeDescription(p.description, 'description'), sensitive, { gateway, inputs }, params);
}

/** A parameter-bound input whose role has an allow-list takes the list its tool passed, unless it names every value. */
function withAllowList(gateway: GatewayName, input: GatewayInput | undefined, values: Record<string, unknown>): GatewayInput | undefined {
	if (!input || input.param === undefined || input.allowed !== undefined) return input;
	const contract: GatewayContract = GATEWAY_CONTRACTS[gateway];
	const list = allowListsOf(gateway).find(([role]) => contract.subWorkflowInputs[input.input]?.includes(role))?.[1];
	const passed = list ? values[list.input] : undefined;
	if (!list || typeof passed !== 'string' || passed === list.values.join(',')) return input;
	return { ...input, allowed: passed.split(',') };
}

/** A gateway tool draft, whichever node shape (toolWorkflow or the node's tool variant) it came from. */
export function gatewayDraft(
	node: RawNode,
	description: string,
	sensitive: boolean,
	target: { gateway: GatewayName; inputs: GatewayInput[] },
	params: ParameterCollector,
): ToolDraft {
	return { name: node.name, description, sensitive, target: { kind: 'gateway', ...target }, parameters: params.list() };
}
