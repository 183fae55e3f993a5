/**
 * n8n loads only the node files package.json lists: a gateway node folder missing there is a
 * node n8n never shows, which no unit test of the node itself would notice. Every folder with a
 * main node file is a gateway of the contracts (or the Odoo node), and package.json lists exactly
 * their built files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { GATEWAY_NODE_LIST } from '../../helpers/gatewayNodes';

const ROOT = join(__dirname, '..', '..', '..');
/** Nodes that are not gateways of a sub-workflow: Hermes Odoo, which the Odoo tools use directly, and Hermes Workflow Lint, which the admin channel's validate tool runs. */
const OTHER_NODES = ['HermesOdoo', 'HermesLint'];
const FOLDERS = [...GATEWAY_NODE_LIST.map(([, { folder }]) => folder), ...OTHER_NODES];
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

test('every folder of nodes/ with a main node file is a gateway of the contracts', () => {
	const withMainFile = readdirSync(join(ROOT, 'nodes')).filter((folder) => existsSync(join(ROOT, 'nodes', folder, `${folder}.node.ts`)));
	expect(withMainFile.sort()).toEqual([...FOLDERS].sort());
});

test('package.json n8n.nodes lists the built main file of every gateway node, and nothing else', () => {
	expect([...packageJson.n8n.nodes].sort()).toEqual(FOLDERS.map((folder) => `dist/nodes/${folder}/${folder}.node.js`).sort());
});
