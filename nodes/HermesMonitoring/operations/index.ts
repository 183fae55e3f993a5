import type { IDataObject } from 'n8n-workflow';

import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { checkMode, checkPrometheusUrl } from '../validate';
import { alerts } from './alerts';
import { query } from './query';

/** One call of the node: the operator's setting and the agent's mode and query (read lazily). */
export interface MonitoringRequest {
	prometheusUrl: unknown;
	mode: unknown;
	promql: () => unknown;
}

/** The setting first: a misconfigured node is the operator's fault whatever the agent sent. */
export async function runMonitoringOperation(
	run: (command: RemoteCommand) => Promise<RemoteResult>,
	request: MonitoringRequest,
): Promise<IDataObject> {
	const baseUrl = checkPrometheusUrl(request.prometheusUrl);
	if (!baseUrl.ok) return { ...baseUrl.answer };
	const mode = checkMode(request.mode);
	if (!mode.ok) return { ...mode.answer };
	const ctx = { baseUrl: baseUrl.value, run };
	return mode.value === 'query' ? await query(ctx, request.promql()) : await alerts(ctx);
}
