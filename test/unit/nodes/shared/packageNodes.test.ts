/**
 * n8n loads only the node files package.json lists: a node folder missing there is a node n8n
 * never shows, which no unit test of the node itself would notice. Every folder with a main node
 * file has its test folder's `cases.ts` (what the shared node tests run), package.json lists
 * exactly their built files, and every gateway of GATEWAY_CONTRACTS is one of these nodes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { GATEWAY_NAMES } from '../../../../core';
import { ALL_NODES, GATEWAY_NODE_LIST } from '../../../helpers/allNodes';

const ROOT = join(__dirname, '..', '..', '..', '..');
const FOLDERS = ALL_NODES.map(({ folder }) => folder);
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

test('every folder of nodes/ with a main node file has a test/unit/nodes/<folder>/cases.ts, and no other folder has one', () => {
	const withMainFile = readdirSync(join(ROOT, 'nodes')).filter((folder) => existsSync(join(ROOT, 'nodes', folder, `${folder}.node.ts`)));
	expect(withMainFile.length).toBeGreaterThan(0);
	expect(withMainFile.sort()).toEqual([...FOLDERS].sort());
});

test('package.json n8n.nodes lists the built main file of every node, and nothing else', () => {
	expect([...packageJson.n8n.nodes].sort()).toEqual(FOLDERS.map((folder) => `dist/nodes/${folder}/${folder}.node.js`).sort());
});

test('each node of a cases.ts is the class of its folder', () => {
	for (const { folder, node } of ALL_NODES) expect([folder, node.constructor.name]).toEqual([folder, folder]);
});

test('every gateway of GATEWAY_CONTRACTS is a node with cases', () => {
	expect(GATEWAY_NODE_LIST.map(([gateway]) => gateway)).toEqual(GATEWAY_NAMES);
});
