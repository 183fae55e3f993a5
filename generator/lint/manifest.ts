import { manifestSchema, type Manifest } from '../builders/manifest';

// The manifest's schema lives with its builder; lint reads files with it.
export { manifestSchema };

/** A manifest as read from disk or given by the caller: the manifest, or why it is none. */
export type ManifestReading = { ok: true; manifest: Manifest } | { ok: false; problems: string[] };

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
