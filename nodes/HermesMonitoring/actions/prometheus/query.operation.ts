import type { IDataObject } from 'n8n-workflow';

import { answerFor } from '../../helpers/answers';
import { callPrometheus, type MonitoringContext } from '../../helpers/context';
import { checkPromql } from '../../helpers/validate';

/** An instant PromQL query: checked for emptiness and size only, sent verbatim on stdin. */
export async function execute(ctx: MonitoringContext, rawPromql: unknown): Promise<IDataObject> {
	const promql = checkPromql(rawPromql);
	if (!promql.ok) return { ...promql.answer };
	const reply = await callPrometheus(ctx, 'query', promql.value);
	return reply.ok ? answerFor('query', reply.value.data, reply.value.warnings) : { ...reply.answer };
}
