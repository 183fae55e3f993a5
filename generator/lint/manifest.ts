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

/** `workflows/x.json` -> `workflows/x.index.json`. */
export function manifestPathFor(workflowFile: string): string {
	return workflowFile.replace(/(\.json)?$/i, '.index.json');
}

export function isManifestFile(file: string): boolean {
	return /\.index\.json$/i.test(file);
}
