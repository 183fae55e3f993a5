import type { IDataObject } from 'n8n-workflow';

import { answerFor } from '../../helpers/answers';
import { callPrometheus, type MonitoringContext } from '../../helpers/context';
import { ALERTS_SCRIPT } from '../../scripts/curl';

/** Firing alerts, capped. */
export async function execute(ctx: MonitoringContext): Promise<IDataObject> {
	const reply = await callPrometheus(ctx, ALERTS_SCRIPT);
	return reply.ok ? answerFor('alerts', reply.value.data) : { ...reply.answer };
}
