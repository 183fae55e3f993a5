/**
 * The CLI installs alone: every package its sources import is one its package.json declares
 * (the nodes' contracts come through generator/contracts, built into its own dist). An import
 * of the node package would pass every test here, where jest maps the name, and fail only in a
 * user's repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

import ts from 'typescript';

const GENERATOR = join(__dirname, '..', '..', '..', 'generator');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (entry === 'dist' || entry === 'node_modules') return [];
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** The package names a source file imports (static, dynamic or require), read by TypeScript's own pre-processor; relative paths left out. */
export function importedPackages(text: string): string[] {
	return ts
		.preProcessFile(text, true, true)
		.importedFiles.map((f) => f.fileName)
		.filter((s) => !s.startsWith('.'))
		.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
}

describe('importedPackages', () => {
	it.each<[string, string, string[]]>([
		['a named import', "import { z } from 'zod';", ['zod']],
		['a type import of a scoped subpath', "import type { X } from '@scope/pkg/sub';", ['@scope/pkg']],
		['a dynamic import', "const m = await import('ts-morph');", ['ts-morph']],
		['a require', "const m = require('yaml');", ['yaml']],
		['a side-effect import', "import 'node:fs';", ['node:fs']],
		['relative paths', "import { a } from '../contracts';\nimport './b';", []],
		['text that only looks like an import', "const text = `a module from '${name}'`;\nthrow new Error(\"came from 'bad login'\");", []],
	])('%s', (_label, text, packages) => {
		expect(importedPackages(text)).toEqual(packages);
	});
});

/** The source file a relative import names (`x` -> `x.ts` or `x/index.ts`). */
function resolveRelative(from: string, specifier: string): string | undefined {
	const base = resolve(dirname(from), specifier);
	return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/**
 * The files outside generator/ that the CLI's build compiles in: every file a CLI source reaches
 * through relative imports (the nodes' contracts, the lint core), followed to the end.
 */
function compiledIn(roots: readonly string[]): string[] {
	const seen = new Set(roots);
	const queue = [...roots];
	for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
		for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
			const target = fileName.startsWith('.') ? resolveRelative(file, fileName) : undefined;
			if (target && !seen.has(target)) {
				seen.add(target);
				queue.push(target);
			}
		}
	}
	return [...seen].filter((file) => !file.startsWith(GENERATOR + '/'));
}

describe('the CLI sources', () => {
	const manifest = JSON.parse(readFileSync(join(GENERATOR, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
	// Its own name too: the catalogue files are copied into a user's repository and import the CLI by it.
	const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
	const builtin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

	it('import only packages the CLI declares, and never the node package, nor do the node files its build compiles in', () => {
		const outside = compiledIn(sources(GENERATOR));
		// The lint core and the contracts come in this way, and only from core/; a test that found none would check nothing.
		const fromOutside = outside.map((file) => relative(GENERATOR, file));
		expect(fromOutside).toEqual(expect.arrayContaining([join('..', 'core', 'index.ts'), join('..', 'core', 'lint', 'index.ts')]));
		expect(fromOutside.filter((file) => !file.startsWith(join('..', 'core') + sep))).toEqual([]);
		const undeclared = [...sources(GENERATOR), ...outside].flatMap((file) =>
			importedPackages(readFileSync(file, 'utf8'))
				.filter((name) => !builtin(name) && !declared.has(name))
				.map((name) => `${relative(GENERATOR, file)}: ${name}`),
		);
		expect(undeclared).toEqual([]);
		expect(declared.has('n8n-nodes-hermes')).toBe(false);
	});
});
