import { SSH_CREDENTIAL, type SubWorkflowGateway } from '../gatewayContract';

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

/** Seconds Prometheus has to answer, either way; the curl command on the host gets a margin more, so curl reports first. */
export const MONITORING_SECONDS = { prometheus: 20, command: 30 } as const;

export type MonitoringParam = 'operation' | 'promql' | 'prometheusUrl';

const PARAMS = { operation: 'operation', promql: 'promql', prometheusUrl: 'prometheusUrl' } as const;

export const MONITORING: SubWorkflowGateway<MonitoringParam> = {
	type: 'hermesMonitoring',
	displayName: 'Hermes Monitoring',
	ssh: true,
	typeVersion: 2,
	params: PARAMS,
	operations: MONITORING_OPERATIONS,
	readOperations: MONITORING_OPERATIONS,
	createOperations: [],
	// A forwarded request first, then curl on the host when the server refuses the channel.
	operationSeconds: { alerts: MONITORING_SECONDS.prometheus + MONITORING_SECONDS.command, query: MONITORING_SECONDS.prometheus + MONITORING_SECONDS.command },
	shownFor: {},
	subWorkflowInputs: { mode: ['operation'], promql: ['promql'] },
	allowLists: {},
	settingDefaults: { prometheusUrl: 'http://127.0.0.1:9090' },
	agentArguments: true,
	credential: SSH_CREDENTIAL,
	subWorkflow: { node: 'Monitoring', name: 'Hermes Gateway - Monitoring' },
	configSettings: { prometheusUrl: { key: 'prometheusUrl' } },
};
