/**
 * Round trip: `import` of the committed workflows/hermes-mcp-tools.json gives catalogue source
 * from which the generator emits the committed JSON byte for byte.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { runImport } from '../../../../generator/cli/commands/import';
import { loadConfig } from '../../../../generator/config';
import { scratchSpace } from '../../../harness/scratch';
import { loadEmittedCatalogue } from './loadEmitted';

const scratch = scratchSpace('hermes-import-');
const WORKFLOWS = join(__dirname, '../../../../workflows');
const committed = (file: string) => readFileSync(join(WORKFLOWS, file), 'utf8');

function io() {
	const out = { stdout: '', stderr: '' };
	return { out, io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), env: {} } };
}

async function importInto(file: string, extra: { manifest?: string } = {}) {
	const dir = scratch();
	const { out, io: sink } = io();
	const code = await runImport(file, { out: dir, ...extra }, sink);
	return { dir, code, ...out };
}

test('import of the generated workflow maps every tool and writes the catalogue groups', async () => {
	const result = await importInto(join(WORKFLOWS, MAIN_FILE));
	expect(result.stderr).toBe('');
	expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools from ${join(WORKFLOWS, MAIN_FILE)}`);
	expect(result.stdout).not.toContain('NOT IMPORTED');
	expect(result.code).toBe(0);
	expect(readdirSync(join(result.dir, 'catalogue')).sort()).toEqual(
		['crm.ts', 'infrastructure.ts', 'odooContacts.ts', 'odooProjects.ts', 'timesheets.ts', 'vault.ts'],
	);
});

test.each([
	['with the manifest next to it', {}],
	['without a manifest (sensitive read from the descriptions)', { manifest: join(__dirname, 'no-such-manifest.json') }],
])('generate from the imported source emits byte-identical JSON, %s', async (_label, extra) => {
	const result = await importInto(join(WORKFLOWS, MAIN_FILE), extra);
	expect(result.code).toBe(0);
	const imported = loadEmittedCatalogue(result.dir);
	expect(imported.map((t) => t.name)).toEqual(CATALOGUE.map((t) => t.name));
	const files = generateAll(imported, loadConfig());
	const main = files.find((f) => f.file === MAIN_FILE);
	const manifest = files.find((f) => f.file === MAIN_MANIFEST_FILE);
	expect(main?.content).toBe(committed(MAIN_FILE));
	expect(manifest?.content).toBe(committed(MAIN_MANIFEST_FILE));
});

test('the imported source is the catalogue: same specs as generator/catalogue', async () => {
	const result = await importInto(join(WORKFLOWS, MAIN_FILE));
	const imported = loadEmittedCatalogue(result.dir);
	// Same data; only the order of parameters may differ (they are listed in order of use).
	const normalise = (tools: readonly unknown[]) =>
		JSON.parse(JSON.stringify(tools), (key, value) =>
			key === 'parameters' ? [...value].sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key)) : value,
		);
	expect(normalise(imported)).toEqual(normalise(CATALOGUE));
});
