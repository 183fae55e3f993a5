import type { IDataObject } from 'n8n-workflow';

import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { CAPS, parseCurlOutput } from '../prometheusAnswer';

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
): Promise<{ data: unknown; warnings?: string[] } | { answer: IDataObject }> {
	const result = await ctx.run({
		script,
		args: [ctx.baseUrl, String(CURL_SECONDS), String(CAPS.responseBytes)],
		stdin,
		timeoutSeconds: CURL_SECONDS + 10,
		readOnly: true,
	});
	const parsed = parseCurlOutput({ stdout: result.stdout.toString('utf8'), stderr: result.stderr, exitCode: result.exitCode });
	return parsed.ok ? { data: parsed.data, warnings: parsed.warnings } : { answer: { ...parsed.answer } };
}
