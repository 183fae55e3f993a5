import { z } from 'zod';

/** The generator's node-index manifest (`<workflow>.index.json`): each tool's node name and positions, and its sensitive flag. */
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

export type ToolManifest = z.infer<typeof manifestSchema>;

/** A manifest as read from disk or given by the caller: the manifest, or why it is none. */
export type ManifestReading = { ok: true; manifest: ToolManifest } | { ok: false; problems: string[] };

/** Checks a manifest once per lint run, so each rule reads the same typed object. */
export function readManifest(value: unknown): ManifestReading {
	const parsed = manifestSchema.safeParse(value);
	if (parsed.success) return { ok: true, manifest: parsed.data };
	return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

/** `workflows/x.json` -> `workflows/x.index.json`. */
export function manifestPathFor(workflowFile: string): string {
	return workflowFile.replace(/(\.json)?$/i, '.index.json');
}

export function isManifestFile(file: string): boolean {
	return /\.index\.json$/i.test(file);
}
