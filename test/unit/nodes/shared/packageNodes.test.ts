/**
 * n8n loads only the node files package.json lists: a node folder missing there is a node n8n
 * never shows, which no unit test of the node itself would notice. Every folder with a main node
 * file is one of the test helpers' nodes, and package.json lists exactly their built files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ALL_NODES } from '../../../helpers/gatewayNodes';

const ROOT = join(__dirname, '..', '..', '..', '..');
const FOLDERS = ALL_NODES.map(({ folder }) => folder);
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

test('every folder of nodes/ with a main node file is one of the nodes', () => {
	const withMainFile = readdirSync(join(ROOT, 'nodes')).filter((folder) => existsSync(join(ROOT, 'nodes', folder, `${folder}.node.ts`)));
	expect(withMainFile.sort()).toEqual([...FOLDERS].sort());
});

test('package.json n8n.nodes lists the built main file of every node, and nothing else', () => {
	expect([...packageJson.n8n.nodes].sort()).toEqual(FOLDERS.map((folder) => `dist/nodes/${folder}/${folder}.node.js`).sort());
});
