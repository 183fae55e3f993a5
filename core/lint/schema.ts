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

/** n8n imports `"3.4"` as 3.4 and a community node's 0 as is; `null` fields read as absent. */
const nodeSchema = z
	.object({
		// a sticky note may have no name (n8n imports it); every other node needs one (checked below)
		name: z.string().optional(),
		type: z.string().min(1, 'a node type must not be empty'),
		typeVersion: z.union([z.number().nonnegative(), z.string().regex(/^\s*\d+(\.\d+)?\s*$/, 'Expected number')]).nullish(),
		parameters: z.record(z.unknown()).nullish(),
		disabled: z.boolean().nullish(),
		webhookId: z.string().nullish(),
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

type ShapeResult = { ok: true; workflow: LintedWorkflow } | { ok: false; problems: string[] };

function issuePath(path: Array<string | number>): string {
	return path.reduce<string>(
		(text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
		'',
	);
}

function zodProblems(error: z.ZodError): string[] {
	return error.issues.map((issue) => {
		const where = issuePath(issue.path);
		return where ? `${where}: ${issue.message}` : issue.message;
	});
}

/** Nodes other than sticky notes without a name: n8n cannot import them. */
function nameProblems(nodes: Array<{ name?: string; type: string }>): string[] {
	return nodes.flatMap((node, index) =>
		node.type === STICKY_NOTE || (node.name ?? '') !== ''
			? []
			: [`nodes[${index}].name: ${node.name === undefined ? 'Required' : 'a node name must not be empty'}`],
	);
}

/** Validates the JSON shape; on failure lists every problem as `path: reason`. */
export function parseWorkflowShape(input: unknown): ShapeResult {
	const parsed = workflowSchema.safeParse(input);
	if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
	const { name, nodes, connections } = parsed.data;
	const problems = nameProblems(nodes);
	if (problems.length > 0) return { ok: false, problems };
	return {
		ok: true,
		workflow: {
			name,
			connections,
			nodes: nodes.map((node, index) => ({
				name: node.name ?? `(sticky note ${index})`,
				type: node.type,
				typeVersion: node.typeVersion === undefined || node.typeVersion === null ? 1 : Number(node.typeVersion),
				parameters: node.parameters ?? {},
				disabled: node.disabled ?? false,
				webhookId: node.webhookId ?? undefined,
				index,
			})),
		},
	};
}
