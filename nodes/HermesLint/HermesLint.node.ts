import { VersionedNodeType } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { HERMES_LINT } from './contract';
import { HermesLintV1 } from './v1/HermesLintV1';

export class HermesLint extends VersionedNodeType {
	constructor() {
		const baseDescription = gatewayBaseDescription(HERMES_LINT, {
			group: 'transform',
			description:
				"Checks an n8n workflow's JSON with the rules of hermes-workflows lint (tool names, $fromAI calls, routing, secrets, approvals) and answers the findings as JSON. Changes nothing.",
		});
		super({ 1: new HermesLintV1(baseDescription) }, baseDescription);
	}
}
