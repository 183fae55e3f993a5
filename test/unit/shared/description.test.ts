import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { GatewayName } from '../../../nodes/contracts';
import { GATEWAY_NODE_LIST } from '../../helpers/gatewayNodes';

/**
 * Every gateway node is a VersionedNodeType whose versions build their description with the
 * shared helper. n8n's lint checks only classes in `.node.ts` files that implement INodeType,
 * which for a versioned node are neither its main file nor its version files; what it would
 * check is checked here: the icon files exist beside the main file (n8n resolves every version's
 * icons there), every version is a tool, and the SSH nodes' versions carry the credential and
 * its test.
 */
const NODES_DIR = join(__dirname, '../../../nodes');
/** n8n's group of each node: `input` for a node that only reads. */
const GROUP: Record<GatewayName, 'input' | 'transform'> = { vault: 'transform', docker: 'transform', monitoring: 'input', content: 'transform' };
const NODES = GATEWAY_NODE_LIST.map(([gateway, { folder, node, contract }]) => [folder, node, contract, GROUP[gateway]] as const);

describe.each(NODES)('%s description', (folder, node, contract, group) => {
	test('the base description: names, group, the version new nodes get, the themed icon pair beside the main file', () => {
		expect(node.description).toMatchObject({ name: contract.type, displayName: contract.displayName, group: [group], defaultVersion: contract.typeVersion });
		expect(node.description.icon).toEqual({ light: `file:${contract.type}.svg`, dark: `file:${contract.type}.dark.svg` });
		for (const file of [`${contract.type}.svg`, `${contract.type}.dark.svg`]) expect(existsSync(join(NODES_DIR, folder, file))).toBe(true);
	});

	describe.each(contract.versions.map((version) => [version]))('version %i', (version) => {
		const versionNode = node.getNodeType(version);
		const { description } = versionNode;

		test('names, version, group, tool use, and the base description and icons', () => {
			expect(description).toMatchObject({
				name: contract.type,
				displayName: contract.displayName,
				description: node.description.description,
				defaults: { name: contract.displayName },
				version,
				group: [group],
				usableAsTool: true,
				inputs: ['main'],
				outputs: ['main'],
				icon: node.description.icon,
			});
			expect(description.description.length).toBeGreaterThan(40);
			expect(description.subtitle).toMatch(/^=\{\{ \$parameter\["[a-zA-Z]+"\]/);
		});

		test('the subtitle names parameters this version has', () => {
			const names = new Set(description.properties.map((p) => p.name));
			for (const [, name] of String(description.subtitle).matchAll(/\$parameter\["([a-zA-Z]+)"\]/g)) expect([name, names.has(name)]).toEqual([name, true]);
		});

		test('the SSH credential and its test exactly when the contract needs SSH', () => {
			if (contract.ssh) {
				expect(description.credentials).toEqual([{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }]);
				expect(Object.keys(versionNode.methods?.credentialTest ?? {})).toEqual(['hermesSshConnectionTest']);
			} else {
				expect(description.credentials).toBeUndefined();
				expect(versionNode.methods).toBeUndefined();
			}
		});
	});
});

/** The files every gateway node folder holds, under the same names: one folder per version of its contract. */
const LAYOUT = (name: string, versions: readonly number[]) => [
	`${name}.node.ts`,
	`${name}.node.json`,
	'contract.ts',
	...versions.flatMap((version) => [`v${version}/${name}V${version}.ts`, `v${version}/versionDescription.ts`]),
	'actions/router.ts',
	'helpers/validate.ts',
	'helpers/answers.ts',
];

test.each(NODES.map(([folder, , contract]) => [folder, contract] as const))('%s has the shared layout and one operation file per operation', (folder, contract) => {
	for (const file of LAYOUT(folder, contract.versions)) expect([file, existsSync(join(NODES_DIR, folder, file))]).toEqual([file, true]);
	const versionFolders = readdirSync(join(NODES_DIR, folder)).filter((entry) => /^v\d+$/.test(entry));
	expect(versionFolders.sort()).toEqual(contract.versions.map((version) => `v${version}`).sort());
	const [resource, ...others] = readdirSync(join(NODES_DIR, folder, 'actions'), { withFileTypes: true }).filter((e) => e.isDirectory());
	expect(others).toEqual([]);
	const operations = readdirSync(join(NODES_DIR, folder, 'actions', resource.name)).map((file) => file.replace(/\.operation\.ts$/, ''));
	expect(operations.sort()).toEqual([...contract.operations].sort());
});
