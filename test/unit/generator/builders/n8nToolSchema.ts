/**
 * The JSON schema n8n 2.41 serves in MCP `tools/list`, computed the way n8n computes it, with
 * n8n's own parsing code (n8n-workflow's traverseNodeParameters + generateZodSchema):
 * - node-as-tool (a Hermes node's tool variant, n8n-core create-node-as-tool.ts getSchema): a key
 *   repeated with another description or type is an error; z.object(...).required().
 * - toolWorkflow (nodes-langchain WorkflowToolService + ai-utilities extractFromAIParameters /
 *   createZodSchemaFromArgs): last call of a key wins; z.object(...).required().
 * - McpServer: zodToJsonSchema(schema, { removeAdditionalStrategy: 'strict', target: 'jsonSchema7' }).
 */
import type { FromAIArgument } from 'n8n-workflow';
import { generateZodSchema, traverseNodeParameters } from 'n8n-workflow';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

import { NODE_TYPES, type WorkflowNode } from '../../../../generator/builders';

export interface ToolJsonSchema {
	type?: string;
	properties: Record<string, { type?: string; description?: string; default?: unknown }>;
	required?: string[];
}

function uniqueArguments(node: WorkflowNode): FromAIArgument[] {
	const collected: FromAIArgument[] = [];
	traverseNodeParameters(node.parameters, collected);
	if (node.type !== NODE_TYPES.toolWorkflow.type) {
		const first = new Map<string, FromAIArgument>();
		for (const arg of collected) {
			if (!/^[a-zA-Z0-9_-]{1,64}$/.test(arg.key)) throw new Error(`invalid key ${arg.key}`);
			const seen = first.get(arg.key);
			if (seen && (seen.description !== arg.description || seen.type !== arg.type)) {
				throw new Error(`Duplicate key '${arg.key}' found with different description or type`);
			}
			if (!seen) first.set(arg.key, arg);
		}
	}
	const last = new Map<string, FromAIArgument>();
	for (const arg of collected) last.set(arg.key, arg);
	return [...last.values()];
}

export function n8nToolJsonSchema(node: WorkflowNode): ToolJsonSchema {
	const shape: Record<string, z.ZodTypeAny> = {};
	for (const arg of uniqueArguments(node)) shape[arg.key] = generateZodSchema(arg);
	const schema = z.object(shape).required();
	// Called through a plain signature: the generic one makes TypeScript recurse too deep.
	const toJsonSchema = zodToJsonSchema as (schema: unknown, options: object) => unknown;
	return toJsonSchema(schema, { removeAdditionalStrategy: 'strict', target: 'jsonSchema7' }) as ToolJsonSchema;
}
