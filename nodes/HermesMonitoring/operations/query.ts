import type { IDataObject } from 'n8n-workflow';

import { answerFor } from '../prometheusAnswer';
import { QUERY_SCRIPT } from '../remoteScripts';
import { checkPromql } from '../validate';
import { callPrometheus, type MonitoringContext } from './context';

/** An instant PromQL query: checked for emptiness and size only, sent verbatim on stdin. */
export async function query(ctx: MonitoringContext, rawPromql: unknown): Promise<IDataObject> {
	const promql = checkPromql(rawPromql);
	if (!promql.ok) return { ...promql.answer };
	const reply = await callPrometheus(ctx, QUERY_SCRIPT, promql.value);
	return 'answer' in reply ? reply.answer : answerFor('query', reply.data, reply.warnings);
}
