/** Generates the default catalogue with a config, imports the main workflow back, and loads what import wrote. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { generateAll, loadProject, MAIN_FILE } from '../../../../generator/project';
import { runImport } from '../../../../generator/cli/commands/import';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { scratchSpace } from '../../../harness/scratch';

export function importRoundTrip(scratchPrefix: string) {
	const scratch = scratchSpace(scratchPrefix);
	return async function generateThenImport(overrides: Partial<HermesConfig>) {
		const config = parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
		const files = generateAll(CATALOGUE, config);
		const source = scratch();
		for (const file of files) writeFileSync(join(source, file.file), file.content);
		const out = scratch();
		let stdout = '';
		const code = await runImport(join(source, MAIN_FILE), { out }, { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stdout += t), env: {} });
		const project = loadProject(join(out, 'hermes.config.json'));
		return { files, code, stdout, project, written: JSON.parse(readFileSync(join(out, 'hermes.config.json'), 'utf8')) as Record<string, unknown> };
	};
}

/** Same data; only the order of parameters may differ (the importer lists them in order of use). */
export const normalise = (tools: readonly unknown[]) =>
	JSON.parse(JSON.stringify(tools), (key, value) =>
		key === 'parameters' ? [...value].sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key)) : value,
	);
