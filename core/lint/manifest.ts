/**
 * The node-index manifest (`<workflow>.index.json`) the generator writes beside an MCP workflow:
 * each tool's node name and positions, and its sensitive flag. Its schema lives here, with the
 * rules that compare a workflow with it (HMT013, HMT017); the generator builds manifests of it.
 */
import { z } from 'zod';

export const manifestSchema = z.object({
	workflow: z.string(),
	tools: z.array(
		z.object({
			tool: z.string(),
			nodeName: z.string(),
			nodeIndex: z.number().int().nonnegative(),
			aiToolIndex: z.number().int().nonnegative(),
			sensitive: z.boolean(),
			/** Name of the gate sub-workflow, when the tool acts only after approval. */
			gate: z.string().optional(),
		}),
	),
});

/** The manifest's shape is its schema's (lint reads the file with it). */
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest['tools'][number];

/** A manifest as read from disk or given by the caller: the manifest, or why it is none. */
export type ManifestReading = { ok: true; manifest: Manifest } | { ok: false; problems: string[] };

/** Checks a manifest once per lint run, so each rule reads the same typed object. */
export function readManifest(value: unknown): ManifestReading {
	const parsed = manifestSchema.safeParse(value);
	if (parsed.success) return { ok: true, manifest: parsed.data };
	return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}
