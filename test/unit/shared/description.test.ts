import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { CONTENT, DOCKER, MONITORING, VAULT, type GatewayContract } from '../../../nodes/contracts';
import { HermesContent } from '../../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';

/**
 * Every gateway node builds its description with the shared helper. n8n's lint only reads a
 * description written out in the node file, so what it would check is checked here: the icon
 * files exist, the node is a tool, and the SSH nodes carry the credential and its test.
 */
const NODES: Array<[string, INodeType, GatewayContract, string]> = [
	['HermesVault', new HermesVault(), VAULT, 'transform'],
	['HermesDocker', new HermesDocker(), DOCKER, 'transform'],
	['HermesMonitoring', new HermesMonitoring(), MONITORING, 'input'],
	['HermesContent', new HermesContent(), CONTENT, 'transform'],
];

describe.each(NODES)('%s description', (folder, node, contract, group) => {
	const { description } = node;

	test('names, version, group and tool use', () => {
		expect(description).toMatchObject({
			name: contract.type,
			displayName: contract.displayName,
			defaults: { name: contract.displayName },
			version: 1,
			group: [group],
			usableAsTool: true,
			inputs: ['main'],
			outputs: ['main'],
		});
		expect(description.description.length).toBeGreaterThan(40);
		expect(description.subtitle).toMatch(/^=\{\{ \$parameter\["[a-zA-Z]+"\]/);
	});

	test('the themed icon pair exists beside the node file', () => {
		expect(description.icon).toEqual({ light: `file:${contract.type}.svg`, dark: `file:${contract.type}.dark.svg` });
		for (const file of [`${contract.type}.svg`, `${contract.type}.dark.svg`]) {
			expect(existsSync(join(__dirname, '../../../nodes', folder, file))).toBe(true);
		}
	});

	test('the SSH credential and its test exactly when the contract needs SSH', () => {
		if (contract.ssh) {
			expect(description.credentials).toEqual([{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }]);
			expect(Object.keys(node.methods?.credentialTest ?? {})).toEqual(['hermesSshConnectionTest']);
		} else {
			expect(description.credentials).toBeUndefined();
			expect(node.methods).toBeUndefined();
		}
	});

	test('every parameter is one the contract names', () => {
		expect(description.properties.map((p) => p.name).sort()).toEqual(Object.values(contract.params).sort());
	});
});

test('every node folder has the same shape: properties.ts and operations/', () => {
	for (const [folder] of NODES) {
		expect([folder, existsSync(join(__dirname, '../../../nodes', folder, 'properties.ts'))]).toEqual([folder, true]);
		expect([folder, existsSync(join(__dirname, '../../../nodes', folder, 'operations', 'index.ts'))]).toEqual([folder, true]);
	}
});
