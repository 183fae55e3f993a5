import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { shownFor } from '../../../shared/description';
import type { ItemParameters } from '../../../shared/operations';
import { MAX_PROMQL_CHARS, MONITORING } from '../../../../core/monitoring/contract';
import { answerFor } from '../../helpers/answers';
import { callPrometheus, type MonitoringContext } from '../../helpers/context';
import { checkPromql } from '../../../../core/monitoring/validate';

export const description: INodeProperties[] = [
	{
		displayName: 'PromQL',
		name: MONITORING.params.promql,
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'up',
		...shownFor(MONITORING, 'promql'),
		description: `Instant PromQL expression (mode Query), at most ${MAX_PROMQL_CHARS.toLocaleString('en-US')} characters (longer is __TOO_LARGE__). Sent to Prometheus verbatim on stdin.`,
	},
];

/** An instant PromQL query: checked for emptiness and size only, sent verbatim on stdin. */
export async function execute(ctx: MonitoringContext, param: ItemParameters): Promise<IDataObject> {
	const promql = checkPromql(param(MONITORING.params.promql));
	if (!promql.ok) return promql.answer;
	const reply = await callPrometheus(ctx, 'query', promql.value);
	return reply.ok ? answerFor('query', reply.value.data, reply.value.warnings) : reply.answer;
}
