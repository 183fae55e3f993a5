/** Small node builders shared by the generated sub-workflows: a node, a main connection, Set and If nodes. */
import { expression } from '../fromAi';
import { nodeId } from './ids';
import type { ConnectionTarget, JsonObject, JsonValue, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';

export function node(workflow: string, name: string, kind: { type: string; typeVersion: number }, position: [number, number], parameters: JsonObject): WorkflowNode {
	return { id: nodeId(workflow, name), name, type: kind.type, typeVersion: kind.typeVersion, position, parameters };
}

/** One main connection to `target`'s first input. */
export const main = (target: string): ConnectionTarget[] => [{ node: target, type: 'main', index: 0 }];

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
