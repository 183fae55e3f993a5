import type { GatewayContract } from '../shared/gatewayContract';

export const MONITORING_MODES = ['alerts', 'query'] as const;
export type MonitoringMode = (typeof MONITORING_MODES)[number];

/** PromQL travels on stdin, so this cap only keeps absurd inputs off the wire. */
export const MAX_PROMQL_CHARS = 10_000;

export const MONITORING: GatewayContract<'mode' | 'promql' | 'prometheusUrl'> = {
	type: 'hermesMonitoring',
	displayName: 'Hermes Monitoring',
	ssh: true,
	params: { mode: 'mode', promql: 'promql', prometheusUrl: 'prometheusUrl' },
	subWorkflowInputs: { mode: 'mode', promql: 'promql' },
	settingDefaults: { prometheusUrl: 'http://127.0.0.1:9090' },
};
