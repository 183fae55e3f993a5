import type { GatewayContract } from '../shared/gatewayContract';

export const MONITORING_OPERATIONS = ['alerts', 'query'] as const;
export type MonitoringOperation = (typeof MONITORING_OPERATIONS)[number];

/** PromQL travels on stdin, so this cap only keeps absurd inputs off the wire. */
export const MAX_PROMQL_CHARS = 10_000;

/** Caps of what reaches the agent. */
export const MONITORING_CAPS = {
	/** Bytes of Prometheus JSON allowed across the SSH connection. */
	responseBytes: 8 * 1024 * 1024,
	/** Series (or alerts) returned to the agent. */
	series: 100,
	/** Characters of the serialised result returned to the agent. */
	chars: 20_000,
} as const;

export type MonitoringParam = 'operation' | 'promql' | 'prometheusUrl';

const V2_PARAMS = { operation: 'operation', promql: 'promql', prometheusUrl: 'prometheusUrl' } as const;

/** Version 1 called the operation `mode`. */
export const MONITORING_V1_PARAMS = { ...V2_PARAMS, operation: 'mode' } as const;

export const MONITORING: GatewayContract<MonitoringParam> = {
	type: 'hermesMonitoring',
	displayName: 'Hermes Monitoring',
	ssh: true,
	versions: [1, 2],
	agentArgumentsSince: 2,
	typeVersion: 2,
	params: V2_PARAMS,
	paramsByVersion: { 1: MONITORING_V1_PARAMS, 2: V2_PARAMS },
	operations: MONITORING_OPERATIONS,
	shownFor: {},
	subWorkflowInputs: { mode: ['operation'], promql: ['promql'] },
	allowLists: {},
	settingDefaults: { prometheusUrl: 'http://127.0.0.1:9090' },
};
