import { MAX_PROMQL_CHARS, MONITORING, type MonitoringOperation, type MonitoringParam } from '../../../../core/monitoring/contract';
import { HermesMonitoring } from '../../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { over, type NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<MonitoringParam, MonitoringOperation> = {
	node: new HermesMonitoring(),
	contract: MONITORING,
	group: 'input',
	passing: { alerts: {}, query: { promql: 'up' } },
	failures: [
		[{ operation: 'range', promql: 'up' }, '__BAD_ARGUMENT__'],
		[{ operation: 'query', promql: '' }, '__EMPTY_QUERY__'],
		[{ operation: 'query', promql: over(MAX_PROMQL_CHARS) }, '__TOO_LARGE__'],
		[{ operation: 'query', promql: 'up', prometheusUrl: 'ftp://x' }, 'misconfigured'],
		[{ operation: 'query', promql: 'x'.repeat(MAX_PROMQL_CHARS) }, 'misconfigured'],
	],
};
