import { VersionedNodeType } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { DOCKER } from './contract';
import { HermesDockerV1 } from './v1/HermesDockerV1';
import { HermesDockerV2 } from './v2/HermesDockerV2';

export class HermesDocker extends VersionedNodeType {
	constructor() {
		const baseDescription = gatewayBaseDescription(DOCKER, {
			group: 'transform',
			description:
				'Reads (status, logs, list) or manages (start, stop, restart, update = pull + up -d) a Docker compose stack on an SSH host, addressed as docker compose --project-name <stack>. Protected stacks are refused, also when Docker resolves the target to them.',
		});
		super({ 1: new HermesDockerV1(baseDescription), 2: new HermesDockerV2(baseDescription) }, baseDescription);
	}
}
