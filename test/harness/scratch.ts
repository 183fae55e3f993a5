import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temp folders for one test file. Call at the top level of the file: it makes one root folder
 * and removes it, with everything made from it, after the file's tests. Each call of the
 * returned function gives a new empty folder inside that root.
 */
export function scratchSpace(prefix: string): () => string {
	const root = mkdtempSync(join(tmpdir(), prefix));
	afterAll(() => rmSync(root, { recursive: true, force: true }));
	return () => mkdtempSync(join(root, 'case-'));
}
