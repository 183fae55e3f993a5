/**
 * The ledger as Prometheus metrics (prom-client): calls per tool and outcome class, a latency
 * histogram per tool, the time of each tool's last success, approval steps, and whether the
 * exporter could read n8n. Every tool's call counters exist from the start at 0, so `increase()`
 * sees a tool's first failure. The metric names are the alert rules' contract (alertRules.ts).
 */
import type * as PromClient from 'prom-client';

import type { EndpointSpec } from '../agentConfig/endpoints';
import type { LedgerCall } from './call';
import { OUTCOME_CLASSES } from './outcome';

export const METRIC = {
	calls: 'hermes_tool_calls_total',
	duration: 'hermes_tool_call_duration_seconds',
	lastSuccess: 'hermes_tool_last_success_timestamp_seconds',
	approvals: 'hermes_approvals_total',
	up: 'hermes_ledger_up',
	lastRead: 'hermes_ledger_last_read_timestamp_seconds',
	withoutCall: 'hermes_ledger_executions_without_call_total',
} as const;

/** Seconds: a cached read answers in tens of ms, an approval gate or a compose action in seconds. */
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class LedgerMetrics {
	readonly registry: PromClient.Registry;
	private readonly calls: PromClient.Counter<'endpoint' | 'tool' | 'outcome'>;
	private readonly duration: PromClient.Histogram<'endpoint' | 'tool'>;
	private readonly lastSuccess: PromClient.Gauge<'endpoint' | 'tool'>;
	private readonly approvals: PromClient.Counter<'endpoint' | 'tool' | 'step'>;
	private readonly up: PromClient.Gauge<'deployment'>;
	private readonly lastRead: PromClient.Gauge<'deployment'>;
	private readonly withoutCall: PromClient.Counter<'endpoint'>;

	/** `deployment`: the config's (config/deployment.ts), on the exporter's own health, so one deployment's exporter never stands for another's. */
	constructor(
		prom: typeof PromClient,
		endpoints: readonly EndpointSpec[],
		private readonly deployment: string,
	) {
		this.registry = new prom.Registry();
		const registers = [this.registry];
		this.calls = new prom.Counter({ name: METRIC.calls, help: 'MCP tool calls by outcome class: success, refused (the agent can fix it), approval, failed (the operator must)', labelNames: ['endpoint', 'tool', 'outcome'], registers });
		this.duration = new prom.Histogram({ name: METRIC.duration, help: "Tool call latency, the execution's own time", labelNames: ['endpoint', 'tool'], buckets: BUCKETS, registers });
		this.lastSuccess = new prom.Gauge({ name: METRIC.lastSuccess, help: 'When each tool last answered a success (Unix seconds)', labelNames: ['endpoint', 'tool'], registers });
		this.approvals = new prom.Counter({ name: METRIC.approvals, help: 'Approval steps: requested, approved (the approved call ran), denied, invalid (expired, used or for another call)', labelNames: ['endpoint', 'tool', 'step'], registers });
		this.up = new prom.Gauge({ name: METRIC.up, help: "1 when the last read of n8n's executions succeeded", labelNames: ['deployment'], registers });
		this.lastRead = new prom.Gauge({ name: METRIC.lastRead, help: "When n8n's executions were last read (Unix seconds)", labelNames: ['deployment'], registers });
		this.withoutCall = new prom.Counter({ name: METRIC.withoutCall, help: 'Finished executions of an endpoint workflow that hold no call (n8n saved no run data)', labelNames: ['endpoint'], registers });
		for (const endpoint of endpoints) {
			this.withoutCall.labels(endpoint.server).inc(0);
			for (const tool of endpoint.tools) for (const outcome of OUTCOME_CLASSES) this.calls.labels(endpoint.server, tool, outcome).inc(0);
		}
	}

	observe(call: LedgerCall): void {
		this.calls.labels(call.endpoint, call.tool, call.outcome.class).inc();
		if (call.latencyMs !== undefined) this.duration.labels(call.endpoint, call.tool).observe(call.latencyMs / 1000);
		if (call.outcome.class === 'success') this.lastSuccess.labels(call.endpoint, call.tool).set(Date.parse(call.time) / 1000);
		for (const effect of call.effects) if (effect.step) this.approvals.labels(call.endpoint, call.tool, effect.step).inc();
	}

	read(ok: boolean, withoutCall: ReadonlyMap<string, number> = new Map()): void {
		this.up.labels(this.deployment).set(ok ? 1 : 0);
		if (!ok) return;
		this.lastRead.labels(this.deployment).set(Date.now() / 1000);
		for (const [endpoint, count] of withoutCall) this.withoutCall.labels(endpoint).inc(count);
	}
}
