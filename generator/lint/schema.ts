import { z } from 'zod';

import type { Workflow } from './types';

/**
 * The part of n8n's workflow JSON the rules read. Anything else (ids, positions, settings,
 * pinData, ...) passes through unchecked: the linter works on any n8n export, not a subset.
 */
const connectionTarget = z.object({
	node: z.string(),
	type: z.string(),
	index: z.number().int().nonnegative(),
});

const nodeSchema = z
	.object({
		name: z.string().min(1, 'a node name must not be empty'),
		type: z.string().min(1, 'a node type must not be empty'),
		typeVersion: z.number().positive().default(1),
		parameters: z.record(z.unknown()).default({}),
		disabled: z.boolean().default(false),
		webhookId: z.string().optional(),
	})
	.passthrough();

const workflowSchema = z
	.object({
		name: z.string().optional(),
		nodes: z.array(nodeSchema),
		connections: z.record(
			z.string(),
			z.record(z.string(), z.array(z.array(connectionTarget).nullable())),
		),
	})
	.passthrough();

export type ShapeResult = { ok: true; workflow: Workflow } | { ok: false; problems: string[] };

function issuePath(path: Array<string | number>): string {
	return path.reduce<string>(
		(text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
		'',
	);
}

/** Validates the JSON shape; on failure lists every problem as `path: reason`. */
export function parseWorkflowShape(input: unknown): ShapeResult {
	const parsed = workflowSchema.safeParse(input);
	if (!parsed.success) {
		return {
			ok: false,
			problems: parsed.error.issues.map((issue) => {
				const where = issuePath(issue.path);
				return where ? `${where}: ${issue.message}` : issue.message;
			}),
		};
	}
	const { name, nodes, connections } = parsed.data;
	return {
		ok: true,
		workflow: {
			name,
			connections,
			nodes: nodes.map((node, index) => ({
				name: node.name,
				type: node.type,
				typeVersion: node.typeVersion,
				parameters: node.parameters,
				disabled: node.disabled,
				webhookId: node.webhookId,
				index,
			})),
		},
	};
}
