/**
 * A minimal gateway-shaped node for transport tests: runs `script` per item through
 * runPerItem + runRemote with the hermesSshApi credential, so tests see exactly what a
 * gateway node returns for a transport fault (`__UNAVAILABLE__` items, no throw).
 */
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { runPerItem } from '../../../nodes/shared/runItems';
import { connectionOptionsFromCredentials, runRemote } from '../../../nodes/shared/transport';

export class TransportProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: 'Runs a script over the Hermes SSH transport',
		defaults: { name: 'Transport Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		credentials: [{ name: 'hermesSshApi', required: true }],
		properties: [
			{ displayName: 'Script', name: 'script', type: 'string', default: 'true' },
			{ displayName: 'Stdin', name: 'stdin', type: 'string', default: '' },
			{ displayName: 'Timeout', name: 'timeoutSeconds', type: 'number', default: 10 },
			{ displayName: 'Read Only', name: 'readOnly', type: 'boolean', default: false },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const conn = connectionOptionsFromCredentials(await this.getCredentials('hermesSshApi'));
		return await runPerItem(this, async (itemIndex) => {
			const result = await runRemote(conn, {
				script: this.getNodeParameter('script', itemIndex) as string,
				stdin: this.getNodeParameter('stdin', itemIndex) as string,
				timeoutSeconds: this.getNodeParameter('timeoutSeconds', itemIndex) as number,
				readOnly: this.getNodeParameter('readOnly', itemIndex) as boolean,
			});
			return { success: true, exitCode: result.exitCode, stdout: result.stdout.toString('utf8') };
		});
	}
}

/** Waits `ms` milliseconds. */
export async function pause(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/** True while a process with this pid exists (sessions run on this machine). */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
