import type { IDataObject } from 'n8n-workflow';

import { pickOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import type { RemoteHost } from '../../shared/remoteRunner';
import { MONITORING, type MonitoringOperation } from '../../../core/monitoring/contract';
import type { MonitoringContext } from '../helpers/context';
import { checkPrometheusUrl } from '../../../core/monitoring/validate';
import * as alerts from './prometheus/alerts.operation';
import * as query from './prometheus/query.operation';

/** An operation reads its own parameters. */
const OPERATIONS: Readonly<Record<MonitoringOperation, OperationModule<[MonitoringContext, ItemParameters]>>> = { alerts, query };

/** The setting first: a misconfigured node is the operator's fault whatever the agent sent. */
export async function router(host: RemoteHost, param: ItemParameters): Promise<IDataObject> {
	const baseUrl = checkPrometheusUrl(param(MONITORING.params.prometheusUrl));
	if (!baseUrl.ok) return baseUrl.answer;
	const picked = pickOperation(OPERATIONS, param(MONITORING.params.operation));
	if (!picked.ok) return picked.answer;
	return await picked.value.module.execute({ baseUrl: baseUrl.value, host }, param);
}
