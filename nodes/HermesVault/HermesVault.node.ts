import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { misconfiguredAnswer } from '../shared/markers';
import { runPerItem } from '../shared/runItems';
import { remoteRunner } from '../shared/remoteRunner';
import { runVaultOperation } from './operations';
import { vaultProperties } from './properties';
import { checkVaultPath, parseWritePrefixes } from './pathPolicy';
import { VAULT } from './contract';

export class HermesVault implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Hermes Vault',
		name: VAULT.type,
		icon: { light: 'file:hermesVault.svg', dark: 'file:hermesVault.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] }}',
		description:
			'Searches, lists and reads a git-backed notes vault over SSH, and writes notes under allowed folders with read-before-overwrite, an atomic commit and a push.',
		defaults: { name: 'Hermes Vault' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		properties: vaultProperties,
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);

		return runPerItem(this, async (itemIndex): Promise<IDataObject> => {
			const vaultPath = checkVaultPath(this.getNodeParameter(VAULT.params.vaultPath, itemIndex, ''));
			if (!vaultPath.ok) {
				return { ...misconfiguredAnswer('Vault Path', vaultPath.reason) };
			}
			const operation = this.getNodeParameter(VAULT.params.operation, itemIndex, '');
			let prefixes: string[];
			try {
				prefixes = operation === 'write' ? parseWritePrefixes(this.getNodeParameter(VAULT.params.writePrefixes, itemIndex, '')) : [];
			} catch (error) {
				return { ...misconfiguredAnswer('Write Prefixes', (error as Error).message) };
			}
			return await runVaultOperation(
				{ vaultPath: vaultPath.path, writePrefixes: () => prefixes, run },
				{
					operation,
					query: this.getNodeParameter(VAULT.params.query, itemIndex, ''),
					content: () => this.getNodeParameter(VAULT.params.content, itemIndex, ''),
					baseHash: () => this.getNodeParameter(VAULT.params.baseHash, itemIndex, ''),
				},
			);
		});
	}
}
