import type { IDataObject } from 'n8n-workflow';

import type { ParameterReader } from '../../shared/parameterReader';
import type { RemoteHost } from '../../shared/remoteRunner';
import type { MonitoringParam } from '../contract';
import { checkOperation, checkPrometheusUrl } from '../helpers/validate';
import * as alerts from './prometheus/alerts.operation';
import * as query from './prometheus/query.operation';

/** One call of the node, whichever version read it: the operator's setting, the agent's operation and query (read lazily). */
export interface MonitoringRequest {
	prometheusUrl: unknown;
	operation: unknown;
	promql: () => unknown;
}

/** The request from one version's parameter names: versions differ only in what they call a parameter. */
export function monitoringRequest(names: Readonly<Record<MonitoringParam, string>>, param: ParameterReader): MonitoringRequest {
	return { prometheusUrl: param(names.prometheusUrl)(), operation: param(names.operation)(), promql: param(names.promql) };
}

/** The setting first: a misconfigured node is the operator's fault whatever the agent sent. */
export async function router(host: RemoteHost, request: MonitoringRequest): Promise<IDataObject> {
	const baseUrl = checkPrometheusUrl(request.prometheusUrl);
	if (!baseUrl.ok) return { ...baseUrl.answer };
	const operation = checkOperation(request.operation);
	if (!operation.ok) return { ...operation.answer };
	const ctx = { baseUrl: baseUrl.value, host };
	return operation.value === 'query' ? await query.execute(ctx, request.promql()) : await alerts.execute(ctx);
}
