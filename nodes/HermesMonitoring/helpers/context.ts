import type { Checked } from '../../../core/checked';
import { textOutput, type RemoteHost } from '../../shared/remoteRunner';
import { settle } from '../../shared/transport/settle';
import { ForwardingRefusedError } from '../../shared/transport/types';
import { MONITORING_CAPS, MONITORING_SECONDS, type MonitoringOperation } from '../../../core/monitoring/contract';
import { ALERTS_SCRIPT, QUERY_SCRIPT } from '../scripts/curl';
import { httpReply, parseCurlOutput, prometheusData, type PrometheusData } from './answers';

/** How long Prometheus has to answer, either way; the remote `timeout` around curl adds a margin so curl reports first. */
const PROMETHEUS_SECONDS = MONITORING_SECONDS.prometheus;

/** What an operation needs: the checked Prometheus URL and the SSH host it is reached from. */
export interface MonitoringContext {
	baseUrl: string;
	host: RemoteHost;
}

/** Each operation's Prometheus endpoint, asked over a channel or by the curl script. */
const ENDPOINTS: Record<MonitoringOperation, { path: string; method: 'GET' | 'POST'; script: string }> = {
	query: { path: '/api/v1/query', method: 'POST', script: QUERY_SCRIPT },
	alerts: { path: '/api/v1/alerts', method: 'GET', script: ALERTS_SCRIPT },
};

/**
 * Asks Prometheus (read-only, so transient faults are retried) and returns the envelope's data,
 * or the answer for a failure. A plain http URL goes through a TCP channel of the SSH connection,
 * so the host starts no process; an https URL (the host's trust store judges its certificate), or
 * a server that refuses channels, gets curl on the host.
 */
export async function callPrometheus(ctx: MonitoringContext, operation: MonitoringOperation, promql?: string): Promise<Checked<PrometheusData>> {
	const endpoint = ENDPOINTS[operation];
	const form = promql === undefined ? undefined : { query: promql };
	if (ctx.baseUrl.startsWith('http:')) {
		const sent = await settle(
			ctx.host.http({ url: `${ctx.baseUrl}${endpoint.path}`, method: endpoint.method, form, timeoutSeconds: PROMETHEUS_SECONDS, maxBodyBytes: MONITORING_CAPS.responseBytes }),
		);
		if ('value' in sent) return prometheusData(httpReply(sent.value));
		if (!(sent.error instanceof ForwardingRefusedError)) throw sent.error;
	}
	const result = await ctx.host.run({
		script: endpoint.script,
		args: [ctx.baseUrl, String(PROMETHEUS_SECONDS), String(MONITORING_CAPS.responseBytes)],
		stdin: promql,
		timeoutSeconds: MONITORING_SECONDS.command,
		readOnly: true,
	});
	return parseCurlOutput(textOutput(result));
}
