/**
 * Small builders every generated workflow is made of: nodes and their stable ids, main
 * connections, Set and If nodes, the trigger of a sub-workflow, and the structured parameter
 * values n8n's editor writes (resource locators, resource mappers, a toolWorkflow's call), and
 * how a builder reads a tool's parameters.
 */
import { v5 as uuidv5 } from 'uuid';

import { expression } from '../fromAi';
import type { ParameterSpec } from '../toolSpec/schema';
import type { Connections, ConnectionTarget, JsonObject, JsonValue, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';

/** A tool's parameter by key, as the agent sees it (its plan's lookup, plan/). */
export type ParamLookup = (key: string) => ParameterSpec;

/**
 * The expression text that gives a parameter's value: a `$fromAI` call in a tool node, or a
 * reference to the sub-workflow's input where a gate runs the same node after approval.
 */
export type ValueOf = (spec: ParameterSpec) => string;

/** Fixed namespace of this project (a random v4, never to change: ids derive from it). */
const NAMESPACE = '6f1c2a55-0d3e-4c47-9a8e-3b7f51d2c9e4';

/** Stable ids: uuid v5 of names, so the same catalogue always yields the same ids. */
export function nodeId(workflowName: string, nodeName: string): string {
	return uuidv5(`node:${workflowName}/${nodeName}`, NAMESPACE);
}

export function webhookId(workflowName: string, nodeName: string): string {
	return uuidv5(`webhook:${workflowName}/${nodeName}`, NAMESPACE);
}

export type NodeKind = { type: string; typeVersion: number };

export function node(workflow: string, name: string, kind: NodeKind, position: [number, number], parameters: JsonObject): WorkflowNode {
	return { id: nodeId(workflow, name), name, type: kind.type, typeVersion: kind.typeVersion, position, parameters };
}

/** One main connection to `target`'s first input. */
export const main = (target: string): ConnectionTarget[] => [{ node: target, type: 'main', index: 0 }];

/** Nodes in a row: each one's output into the next. */
export function chain(...names: string[]): Connections {
	return Object.fromEntries(names.slice(0, -1).map((name, i) => [name, { main: [main(names[i + 1])] }]));
}

/** A node's two outputs (an If's true and false, a node's success and error). */
export const fork = (name: string, first: string, second: string): Connections => ({ [name]: { main: [main(first), main(second)] } });

/**
 * An expression whose body n8n will parse as one: its `{{ }}` delimiters must not occur inside,
 * so a nested object literal is written `{ a: { b: 1 } }` with spaces.
 */
export function safeExpression(body: string): string {
	if (body.includes('{{') || body.includes('}}')) throw new Error(`expression body holds {{ or }}: ${body.slice(0, 80)}`);
	return expression(body);
}

export type SetValue = { type: 'string' | 'number' | 'boolean' | 'object' | 'array'; value: JsonValue };

/** A Set node that outputs exactly the fields given (nothing of its input passes through). */
export function setNode(workflow: string, name: string, position: [number, number], fields: Record<string, SetValue>): WorkflowNode {
	return node(workflow, name, NODE_TYPES.set, position, {
		mode: 'manual',
		assignments: {
			assignments: Object.entries(fields).map(([field, { type, value }]) => ({ id: nodeId(workflow, `${name}/${field}`), name: field, value, type })),
		},
		includeOtherFields: false,
		options: {},
	});
}

/** A Set node that outputs the object a JSON text expression gives (fields it leaves undefined are absent). */
export function rawSetNode(workflow: string, name: string, position: [number, number], jsonText: string): WorkflowNode {
	return node(workflow, name, NODE_TYPES.set, position, { mode: 'raw', jsonOutput: safeExpression(jsonText), includeOtherFields: false, options: {} });
}

/** An If node on one boolean expression: output 0 when true, 1 when false. */
export function ifNode(workflow: string, name: string, position: [number, number], condition: string, conditionKey = 'condition'): WorkflowNode {
	return node(workflow, name, NODE_TYPES.if, position, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				{
					id: nodeId(workflow, `${name}/${conditionKey}`),
					leftValue: safeExpression(condition),
					rightValue: '',
					operator: { type: 'boolean', operation: 'true', singleValue: true },
				},
			],
			combinator: 'and',
		},
		options: {},
	});
}

/** Name of the Execute Workflow Trigger of every generated sub-workflow. */
export const SUBWORKFLOW_TRIGGER_NAME = 'When called by a tool';

/** A sub-workflow's trigger, with its typed inputs. */
export function subWorkflowTrigger(workflow: string, inputs: ReadonlyArray<{ name: string; type: string }>): WorkflowNode {
	return node(workflow, SUBWORKFLOW_TRIGGER_NAME, NODE_TYPES.executeWorkflowTrigger, [0, 0], {
		inputSource: 'workflowInputs',
		workflowInputs: { values: inputs.map(({ name, type }) => ({ name, type })) },
	});
}

/**
 * A workflow reference whose id is unknown at generate time: `push` looks the workflow up by
 * `cachedResultName` and fills in `value` (and switches mode to id).
 */
export function workflowByName(name: string, id?: string): JsonObject {
	if (id !== undefined) return { __rl: true, mode: 'id', value: id, cachedResultName: name };
	return { __rl: true, mode: 'list', value: '', cachedResultName: name };
}

/** Resource-mapper column, as the n8n editor writes it. */
export function mapperColumn(id: string, type?: string): JsonObject {
	const column: JsonObject = {
		id,
		displayName: id,
		required: false,
		defaultMatch: false,
		display: true,
		canBeUsedToMatch: true,
	};
	if (type !== undefined) column.type = type;
	column.removed = false;
	return column;
}

/** A resource mapper with its values set below (fields to write, workflow inputs, table columns). */
export function mapper(value: JsonValue, schema: JsonObject[], convertFieldsToString = false): JsonObject {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString };
}

/** A sub-workflow input a toolWorkflow passes: its value and the type of its column. */
export interface CallInput {
	name: string;
	value: JsonValue;
	type: string;
}

/** A toolWorkflow node's parameters: the tool's description, and the call of `workflow` (found by name on push) with `inputs`. */
export function callWorkflowParameters(description: string, workflow: string, inputs: readonly CallInput[]): JsonObject {
	return {
		description,
		source: 'database',
		workflowId: workflowByName(workflow),
		workflowInputs: mapper(
			Object.fromEntries(inputs.map((input) => [input.name, input.value])),
			inputs.map((input) => mapperColumn(input.name, input.type)),
		),
	};
}
