import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES = join(__dirname, '../../../fixtures/lint');

export function fixturePath(name: string): string {
	return join(FIXTURES, name);
}

export function readFixture(name: string): unknown {
	return JSON.parse(readFileSync(fixturePath(name), 'utf8')) as unknown;
}

/** The manifest next to a fixture (`x.json` -> `x.index.json`), if there is one. */
export function manifestFor(name: string): unknown {
	const path = fixturePath(name.replace(/\.json$/, '.index.json'));
	return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as unknown) : undefined;
}
