import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../../shared/credentialTest';
import { gatewayVersionDescription } from '../../shared/description';
import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { runPerItem } from '../../shared/runItems';
import { router, vaultRequest } from '../actions/router';
import { VAULT_V1_PARAMS } from '../contract';
import { versionProperties } from './versionDescription';

export class HermesVaultV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { credentialTest: { hermesSshConnectionTest } };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...gatewayVersionDescription(baseDescription, 1, versionProperties),
			icon: { light: 'file:hermesVault.svg', dark: 'file:hermesVault.dark.svg' },
			subtitle: '={{ $parameter["operation"] }}',
			usableAsTool: true,
			credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);
		return await runPerItem(this, async (itemIndex) => await router(run, vaultRequest(VAULT_V1_PARAMS, parameterReader(this, itemIndex))));
	}
}
