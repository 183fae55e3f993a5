import type { IDataObject } from 'n8n-workflow';

import { answerFor } from '../../helpers/answers';
import { callPrometheus, type MonitoringContext } from '../../helpers/context';

/** Firing alerts, capped. */
export async function execute(ctx: MonitoringContext): Promise<IDataObject> {
	const reply = await callPrometheus(ctx, 'alerts');
	return reply.ok ? answerFor('alerts', reply.value.data) : reply.answer;
}
