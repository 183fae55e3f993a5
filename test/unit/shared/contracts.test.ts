/**
 * Each node's contract is the one source of its type name, parameter names and setting defaults:
 * the node's description must say the same, since the generator builds workflows from the contract.
 */
import type { INodeType } from 'n8n-workflow';

import { HermesContent } from '../../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';
import { GATEWAY_CONTRACTS, type GatewayName } from '../../../nodes/contracts';

const NODES: Record<GatewayName, INodeType> = {
	vault: new HermesVault(),
	docker: new HermesDocker(),
	monitoring: new HermesMonitoring(),
	content: new HermesContent(),
};

describe.each(Object.keys(NODES) as GatewayName[])('the %s node and its contract', (gateway) => {
	const { description } = NODES[gateway];
	const contract = GATEWAY_CONTRACTS[gateway];
	const property = (name: string) => description.properties.find((p) => p.name === name);

	it('has the contract type name and display name', () => {
		expect(description.name).toBe(contract.type);
		expect(description.displayName).toBe(contract.displayName);
		expect(description.usableAsTool).toBe(true);
	});

	it('has exactly the contract parameters', () => {
		expect(description.properties.map((p) => p.name).sort()).toEqual(Object.values(contract.params).sort());
	});

	it('defaults each setting to the contract value', () => {
		for (const [param, value] of Object.entries(contract.settingDefaults)) expect(property(param)?.default).toBe(value);
	});

	it('feeds each sub-workflow input into one of its parameters', () => {
		for (const param of Object.values(contract.subWorkflowInputs)) expect(property(param)).toBeDefined();
	});

	it('needs the SSH credential exactly when the contract says so', () => {
		expect((description.credentials ?? []).some((c) => c.name === 'hermesSshApi')).toBe(contract.ssh);
	});
});
