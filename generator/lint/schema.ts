import { z } from 'zod';

import { STICKY_NOTE } from './nodeTypes';
import type { LintedWorkflow } from './types';

/**
 * The part of n8n's workflow JSON the rules read. Anything else (ids, positions, settings,
 * pinData, ...) passes through unchecked: the linter works on any n8n export, not a subset.
 */
const connectionTarget = z.object({
	node: z.string(),
	type: z.string(),
	index: z.number().int().nonnegative(),
});

/** n8n reads a `null` field as absent. */
const orUndefined = (value: unknown) => (value === null ? undefined : value);

/** n8n imports `"3.4"` as 3.4 and a community node's 0 as is. */
const typeVersion = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
	z.number().nonnegative().default(1),
);

const nodeSchema = z
	.object({
		// a sticky note may have no name (n8n imports it); every other node needs one
		name: z.string().optional(),
		type: z.string().min(1, 'a node type must not be empty'),
		typeVersion,
		parameters: z.preprocess(orUndefined, z.record(z.unknown()).default({})),
		disabled: z.preprocess(orUndefined, z.boolean().default(false)),
		webhookId: z.preprocess(orUndefined, z.string().optional()),
	})
	.passthrough();

const workflowSchema = z
	.object({
		name: z.string().optional(),
		nodes: z.array(
			nodeSchema.superRefine((node, context) => {
				if (node.type === STICKY_NOTE || (node.name ?? '') !== '') return;
				const message = node.name === undefined ? 'Required' : 'a node name must not be empty';
				context.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message });
			}),
		),
		connections: z.record(
			z.string(),
			z.record(z.string(), z.array(z.array(connectionTarget).nullable())),
		),
	})
	.passthrough();

export type ShapeResult = { ok: true; workflow: LintedWorkflow } | { ok: false; problems: string[] };

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
				name: node.name ?? `(sticky note ${index})`,
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
