/**
 * The folders of generator/ depend on each other in one direction only: a cycle (cli needing
 * the deploy code that needs cli) makes every folder of it load and change together.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { folderCycles, folderGraph } from '../../helpers/folderGraph';
import { scratchSpace } from '../../harness/scratch';

const GENERATOR = join(__dirname, '..', '..', '..', 'generator');
const scratch = scratchSpace('hermes-folders-');

/** A tiny source tree: file path -> its text. */
function tree(files: Record<string, string>): string {
	const root = scratch();
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, file)), { recursive: true });
		writeFileSync(join(root, file), text);
	}
	return root;
}

describe('folderGraph and folderCycles on a tiny tree', () => {
	it.each<[string, Record<string, string>, string[]]>([
		['a chain', { 'a/x.ts': "import { y } from '../b/y';", 'b/y.ts': "import { z } from '../c';", 'c/index.ts': 'export const z = 1;' }, []],
		['imports inside a folder', { 'a/x.ts': "import { y } from './y';", 'a/y.ts': "import { x } from './x';" }, []],
		['another package', { 'a/x.ts': "import { z } from 'zod';\nimport { p } from '../../outside/p';" }, []],
		['two folders through static imports', { 'a/x.ts': "import { y } from '../b/y';", 'b/y.ts': "export { x } from '../a/x';" }, ['a <-> b']],
		['a type-only import', { 'a/x.ts': "import type { Y } from '../b/y';", 'b/y.ts': "import { x } from '../a';", 'a/index.ts': '' }, ['a <-> b']],
		['a dynamic import', { 'a/x.ts': "const y = () => import('../b/y');", 'b/y.ts': "import { x } from '../a/x';" }, ['a <-> b']],
		['three folders, and the root folder', { 'index.ts': "import { a } from './a/x';", 'a/x.ts': "import { b } from '../b/y';", 'b/y.ts': "import { c } from '..';" }, ['. <-> a <-> b']],
		['two separate cycles', { 'a/x.ts': "import '../b/y';", 'b/y.ts': "import '../a/x';", 'c/x.ts': "import '../d/y';", 'd/y.ts': "import '../c/x';" }, ['a <-> b', 'c <-> d']],
	])('%s', (_label, files, cycles) => {
		expect(folderCycles(folderGraph(tree(files)))).toEqual(cycles);
	});

	it('names the edges it found', () => {
		const graph = folderGraph(tree({ 'a/x.ts': "import { y } from '../b/y';\nimport type { Z } from '../c/z';", 'b/y.ts': '', 'c/z.ts': '' }));
		expect([...graph.get('a')!].sort()).toEqual(['b', 'c']);
		expect([...graph.get('b')!]).toEqual([]);
	});
});

test('generator/ has no folder cycle', () => {
	const graph = folderGraph(GENERATOR, ['node_modules', 'dist', 'templates']);
	expect(graph.size).toBeGreaterThan(5);
	expect(folderCycles(graph)).toEqual([]);
});
