import { VersionedNodeType } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { MONITORING } from './contract';
import { HermesMonitoringV1 } from './v1/HermesMonitoringV1';
import { HermesMonitoringV2 } from './v2/HermesMonitoringV2';

export class HermesMonitoring extends VersionedNodeType {
	constructor() {
		const baseDescription = gatewayBaseDescription(MONITORING, {
			group: 'input',
			description:
				'Reads Prometheus on an SSH host (firing alerts or an instant PromQL query). The query travels on stdin to curl, never through a shell.',
		});
		super({ 1: new HermesMonitoringV1(baseDescription), 2: new HermesMonitoringV2(baseDescription) }, baseDescription);
	}
}
