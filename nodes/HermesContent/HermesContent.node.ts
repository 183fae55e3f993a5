import { VersionedNodeType } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { CONTENT } from './contract';
import { HermesContentV1 } from './v1/HermesContentV1';
import { HermesContentV2 } from './v2/HermesContentV2';

export class HermesContent extends VersionedNodeType {
	constructor() {
		const baseDescription = gatewayBaseDescription(CONTENT, {
			group: 'transform',
			description:
				'Validates and normalises a content request (note, article or research; text and/or an http(s) url) for the content pipeline workflow. No SSH, no side effect.',
		});
		super({ 1: new HermesContentV1(baseDescription), 2: new HermesContentV2(baseDescription) }, baseDescription);
	}
}
