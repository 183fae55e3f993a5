import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { IVersionedNodeType } from 'n8n-workflow';

import { CONTENT, DOCKER, MONITORING, VAULT, type GatewayContract } from '../../../nodes/contracts';
import { HermesContent } from '../../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';

/**
 * Every gateway node is a VersionedNodeType whose versions build their description with the
 * shared helper. n8n's lint checks only classes in `.node.ts` files that implement INodeType,
 * which for a versioned node are neither its main file nor its version files; what it would
 * check is checked here: the icon files exist beside the main file (n8n resolves every version's
 * icons there), every version is a tool, and the SSH nodes' versions carry the credential and
 * its test.
 */
const NODES_DIR = join(__dirname, '../../../nodes');
const NODES: Array<[string, IVersionedNodeType, GatewayContract, string]> = [
	['HermesVault', new HermesVault(), VAULT, 'transform'],
	['HermesDocker', new HermesDocker(), DOCKER, 'transform'],
	['HermesMonitoring', new HermesMonitoring(), MONITORING, 'input'],
	['HermesContent', new HermesContent(), CONTENT, 'transform'],
];

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

/** The files every gateway node folder holds, under the same names. */
const LAYOUT = (name: string) => [
	`${name}.node.ts`,
	`${name}.node.json`,
	'contract.ts',
	`v1/${name}V1.ts`,
	'v1/versionDescription.ts',
	`v2/${name}V2.ts`,
	'v2/versionDescription.ts',
	'actions/router.ts',
	'helpers/validate.ts',
	'helpers/answers.ts',
];

test.each(NODES.map(([folder, , contract]) => [folder, contract]))('%s has the shared layout and one operation file per operation', (folder, contract) => {
	for (const file of LAYOUT(folder)) expect([file, existsSync(join(NODES_DIR, folder, file))]).toEqual([file, true]);
	const [resource, ...others] = readdirSync(join(NODES_DIR, folder, 'actions'), { withFileTypes: true }).filter((e) => e.isDirectory());
	expect(others).toEqual([]);
	const operations = readdirSync(join(NODES_DIR, folder, 'actions', resource.name)).map((file) => file.replace(/\.operation\.ts$/, ''));
	expect(operations.sort()).toEqual([...contract.operations].sort());
});
