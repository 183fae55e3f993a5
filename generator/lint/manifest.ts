// The manifest's schema and reading live with the lint core; finding manifest files is the CLI's.
export { manifestSchema, readManifest, type ManifestReading } from './core';

/** `workflows/x.json` -> `workflows/x.index.json`. */
export function manifestPathFor(workflowFile: string): string {
	return workflowFile.replace(/(\.json)?$/i, '.index.json');
}

export function isManifestFile(file: string): boolean {
	return /\.index\.json$/i.test(file);
}
