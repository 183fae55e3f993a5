/**
 * An optional peer dependency (ts-morph for `import`) is loaded when its command runs; when the
 * project does not have it, the command fails through the CLI's one error path, with the install
 * command in the hint at the range package.json asks for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HermesError } from '../../../../generator/errors';
import { loadOptionalPeer, peerRange } from '../../../../generator/runtime/optionalPeer';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'generator', 'package.json'), 'utf8'));

/** A `require` that fails as Node's does for a module it cannot find. */
function notFound(id: string) {
	return () => {
		throw Object.assign(new Error(`Cannot find module '${id}'\nRequire stack:\n- /x/emitSource.js`), { code: 'MODULE_NOT_FOUND' });
	};
}

test('ts-morph is an optional peer, and only a dev dependency of the workspace', () => {
	expect(manifest.dependencies['ts-morph']).toBeUndefined();
	expect(manifest.peerDependenciesMeta['ts-morph']).toEqual({ optional: true });
	expect(peerRange('ts-morph')).toBe(manifest.peerDependencies['ts-morph']);
});

test('an installed peer is returned as require gives it', () => {
	const module = { Project: class {} };
	expect(loadOptionalPeer('ts-morph', 'import', () => module)).toBe(module);
	// Here, in the workspace, the real one loads.
	expect(loadOptionalPeer<{ Project: unknown }>('ts-morph', 'import').Project).toBeDefined();
});

test('a missing peer is a HermesError whose hint is the install command', () => {
	let thrown: unknown;
	try {
		loadOptionalPeer('ts-morph', 'import', notFound('ts-morph'));
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeInstanceOf(HermesError);
	expect(thrown).toMatchObject({
		message: 'import needs ts-morph, which is not installed',
		hint: `run \`npm install --save-dev ts-morph@${manifest.peerDependencies['ts-morph']}\` in your project, then run import again`,
		kind: 'dependency',
		exitCode: 2,
	});
});

test.each<[string, () => never]>([
	['a package the peer needs is missing', notFound('@ts-morph/common')],
	['a package whose name starts like it is missing', notFound('ts-morph-extra')],
	['the peer throws while loading', () => {
		throw new SyntaxError('Unexpected token');
	}],
])('%s: the error is rethrown as it is (a fault, not a missing install)', (_label, load) => {
	expect(() => loadOptionalPeer('ts-morph', 'import', load)).toThrow(expect.not.objectContaining({ kind: 'dependency' }));
	expect(() => loadOptionalPeer('ts-morph', 'import', load)).not.toThrow(HermesError);
});

test('a name that is not a peer dependency is a programming error', () => {
	expect(() => peerRange('left-pad')).toThrow('left-pad is not a peer dependency');
});

test.each([join('docs', 'installing.md'), join('docs', 'catalogue.md'), join('generator', 'README.md')])('%s gives the install command of the hint', (page) => {
	const text = readFileSync(join(__dirname, '..', '..', '..', '..', page), 'utf8').replace(/\s+/g, ' ');
	expect(text).toContain(`npm install --save-dev ts-morph@${manifest.peerDependencies['ts-morph']}`);
});
