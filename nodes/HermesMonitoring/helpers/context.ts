import type { Checked } from '../../shared/checked';
import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { MONITORING_CAPS } from '../contract';
import { parseCurlOutput, type PrometheusData } from './answers';

/** curl's own limit; the remote `timeout` adds a margin so curl reports first. */
export const CURL_SECONDS = 20;

/** What an operation needs: the checked Prometheus URL and a way to run one remote command. */
export interface MonitoringContext {
	baseUrl: string;
	run(command: RemoteCommand): Promise<RemoteResult>;
}

/**
 * Runs one curl script against Prometheus (read-only, so transient faults are retried) and
 * returns the envelope's data, or the answer for a failure.
 */
export async function callPrometheus(
	ctx: MonitoringContext,
	script: string,
	stdin?: string,
): Promise<Checked<PrometheusData>> {
	const result = await ctx.run({
		script,
		args: [ctx.baseUrl, String(CURL_SECONDS), String(MONITORING_CAPS.responseBytes)],
		stdin,
		timeoutSeconds: CURL_SECONDS + 10,
		readOnly: true,
	});
	return parseCurlOutput({ stdout: result.stdout.toString('utf8'), stderr: result.stderr, exitCode: result.exitCode });
}
