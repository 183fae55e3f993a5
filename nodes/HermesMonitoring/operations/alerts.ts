import type { IDataObject } from 'n8n-workflow';

import { answerFor } from '../prometheusAnswer';
import { ALERTS_SCRIPT } from '../remoteScripts';
import { callPrometheus, type MonitoringContext } from './context';

/** Firing alerts, capped. */
export async function alerts(ctx: MonitoringContext): Promise<IDataObject> {
	const reply = await callPrometheus(ctx, ALERTS_SCRIPT);
	return 'answer' in reply ? reply.answer : answerFor('alerts', reply.data);
}
