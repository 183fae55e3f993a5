import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { SSH_CREDENTIAL_TEST } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteHost } from '../shared/remoteRunner';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { VAULT } from '../../core/vault/contract';
import { properties } from './description';

export class HermesVault implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(VAULT, properties),
		icon: { light: 'file:hermesVault.svg', dark: 'file:hermesVault.dark.svg' },
		group: ['transform'],
		subtitle: '={{ $parameter["operation"] }}',
		description:
			'Searches, lists and reads a git-backed notes vault over SSH, and writes notes under allowed folders with read-before-overwrite, an atomic commit and a push.',
		usableAsTool: true,
	};

	methods = SSH_CREDENTIAL_TEST;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteHost(this).run;
		return await runGateway(this, VAULT, async (param) => await router(run, param));
	}
}
