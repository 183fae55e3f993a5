import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ALL_NODES } from '../../../helpers/allNodes';

/**
 * Every node is one class whose description is built by the same helper from its contract,
 * plus the literals n8n's lint reads in the node file. What the lint cannot see is held here,
 * alike for every node: names and version from the contract, the icon pair beside the node file,
 * tool use, the credential, the subtitle, the codex and its documentation page, and the layout.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const NODES_DIR = join(ROOT, 'nodes');
const NODES = ALL_NODES.map(({ folder, node, contract, group }) => [folder, node, contract, group] as const);

describe.each(NODES)('%s', (folder, node, contract, group) => {
	const { description } = node;

	test('names and version from its contract, its group, one main input and output, a tool', () => {
		expect(description).toMatchObject({
			name: contract.type,
			displayName: contract.displayName,
			version: contract.typeVersion,
			defaults: { name: contract.displayName },
			group: [group],
			usableAsTool: true,
			inputs: ['main'],
			outputs: ['main'],
		});
	});

	test('the themed icon pair named after its type, beside the node file', () => {
		expect(description.icon).toEqual({ light: `file:${contract.type}.svg`, dark: `file:${contract.type}.dark.svg` });
		for (const file of [`${contract.type}.svg`, `${contract.type}.dark.svg`]) expect([file, existsSync(join(NODES_DIR, folder, file))]).toEqual([file, true]);
	});

	test('a subtitle naming only parameters it has', () => {
		const names = new Set(description.properties.map((p) => p.name));
		const named = [...String(description.subtitle).matchAll(/\$parameter\["([a-zA-Z]+)"\]/g)].map(([, name]) => name);
		expect(named.length).toBeGreaterThan(0);
		for (const name of named) expect([name, names.has(name)]).toEqual([name, true]);
	});

	test('the SSH credential and its test exactly when the contract needs SSH', () => {
		const ssh = (description.credentials ?? []).filter((c) => c.name === 'hermesSshApi');
		expect(ssh).toEqual(contract.ssh ? [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }] : []);
		expect(Object.keys(node.methods?.credentialTest ?? {})).toEqual(contract.ssh ? ['hermesSshConnectionTest'] : []);
	});

	test('a codex naming its type, linking a documentation page headed with its display name', () => {
		const codex = JSON.parse(readFileSync(join(NODES_DIR, folder, `${folder}.node.json`), 'utf8')) as { node: string; resources: { primaryDocumentation: Array<{ url: string }> } };
		expect(codex.node).toBe(`n8n-nodes-hermes.${contract.type}`);
		const page = codex.resources.primaryDocumentation[0].url.replace('https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/', '');
		expect(readFileSync(join(ROOT, page), 'utf8')).toMatch(new RegExp(`^# ${contract.displayName}\\n`));
	});

	test('the shared layout: one class, its description, one router over operation files in one resource folder', () => {
		for (const file of [`${folder}.node.ts`, `${folder}.node.json`, 'description.ts', 'actions/router.ts']) {
			expect([file, existsSync(join(NODES_DIR, folder, file))]).toEqual([file, true]);
		}
		// The contract lives in core/, which the CLI compiles too: HermesVault -> core/vault/contract.ts.
		const contractFile = join(ROOT, 'core', folder.replace(/^Hermes/, '').toLowerCase(), 'contract.ts');
		expect([contractFile, existsSync(contractFile)]).toEqual([contractFile, true]);
		const folders = readdirSync(join(NODES_DIR, folder), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
		expect(folders.filter((name) => /^v\d+$/.test(name))).toEqual([]);
		const [resource, ...others] = readdirSync(join(NODES_DIR, folder, 'actions'), { withFileTypes: true }).filter((e) => e.isDirectory());
		expect(others).toEqual([]);
		const files = readdirSync(join(NODES_DIR, folder, 'actions', resource.name));
		expect(files.filter((file) => !file.endsWith('.operation.ts'))).toEqual([]);
	});
});
