/**
 * Loads catalogue source written by `import` the way the generator would: each file transpiled
 * with TypeScript's own API, `./types` bound to the real generator/catalogue/types module.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import * as ts from 'typescript';

import * as catalogueTypes from '../../../generator/catalogue/types';
import type { ToolSpec } from '../../../generator/catalogue/types';

export function loadEmittedCatalogue(dir: string): readonly ToolSpec[] {
	const cache = new Map<string, Record<string, unknown>>();
	const load = (name: string): Record<string, unknown> => {
		if (name === 'types') return catalogueTypes as unknown as Record<string, unknown>;
		const cached = cache.get(name);
		if (cached) return cached;
		const source = readFileSync(join(dir, `${name}.ts`), 'utf8');
		const { outputText, diagnostics } = ts.transpileModule(source, {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
			reportDiagnostics: true,
			fileName: `${name}.ts`,
		});
		if (diagnostics && diagnostics.length > 0) {
			throw new Error(`${name}.ts: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
		}
		const module = { exports: {} as Record<string, unknown> };
		cache.set(name, module.exports);
		const localRequire = (specifier: string) => {
			if (!specifier.startsWith('./')) throw new Error(`unexpected import ${specifier} in ${name}.ts`);
			return load(specifier.slice(2));
		};
		new Function('require', 'module', 'exports', outputText)(localRequire, module, module.exports);
		return module.exports;
	};
	if (!readdirSync(dir).includes('index.ts')) throw new Error(`no index.ts in ${dir}`);
	return load('index').CATALOGUE as readonly ToolSpec[];
}
