import { VersionedNodeType } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { VAULT } from './contract';
import { HermesVaultV1 } from './v1/HermesVaultV1';
import { HermesVaultV2 } from './v2/HermesVaultV2';

export class HermesVault extends VersionedNodeType {
	constructor() {
		const baseDescription = gatewayBaseDescription(VAULT, {
			group: 'transform',
			description:
				'Searches, lists and reads a git-backed notes vault over SSH, and writes notes under allowed folders with read-before-overwrite, an atomic commit and a push.',
		});
		super({ 1: new HermesVaultV1(baseDescription), 2: new HermesVaultV2(baseDescription) }, baseDescription);
	}
}
