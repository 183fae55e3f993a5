import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteRunner } from '../shared/remoteRunner';
import { runPerItem } from '../shared/runItems';
import { VAULT } from './contract';
import { runVaultRequest } from './operations';
import { vaultProperties } from './properties';

export class HermesVault implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(VAULT, {
			group: 'transform',
			description:
				'Searches, lists and reads a git-backed notes vault over SSH, and writes notes under allowed folders with read-before-overwrite, an atomic commit and a push.',
			properties: vaultProperties,
		}),
		icon: { light: 'file:hermesVault.svg', dark: 'file:hermesVault.dark.svg' },
		subtitle: '={{ $parameter["operation"] }}',
		usableAsTool: true,
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);
		return await runPerItem(this, async (itemIndex) =>
			await runVaultRequest(run, {
				settings: {
					vaultPath: this.getNodeParameter(VAULT.params.vaultPath, itemIndex, ''),
					writePrefixes: () => this.getNodeParameter(VAULT.params.writePrefixes, itemIndex, ''),
				},
				operation: this.getNodeParameter(VAULT.params.operation, itemIndex, ''),
				query: this.getNodeParameter(VAULT.params.query, itemIndex, ''),
				content: () => this.getNodeParameter(VAULT.params.content, itemIndex, ''),
				baseHash: () => this.getNodeParameter(VAULT.params.baseHash, itemIndex, ''),
			}),
		);
	}
}
