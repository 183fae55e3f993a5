import type { IDataObject } from 'n8n-workflow';

import { ok, refuse, type Checked } from '../../../core/checked';
import { errorAnswer, HINT_QUOTE_CAPS, unavailableAnswer, type ErrorAnswer } from '../../../core/markers';
import { MONITORING_CAPS, type MonitoringOperation } from '../../../core/monitoring/contract';
import type { TextOutput } from '../../shared/remoteRunner';
import { clip as clipTo, messageOf } from '../../../core/text';
import type { RemoteHttpResult } from '../../shared/transport/types';
import { HTTP_TRAILER } from '../scripts/curl';

/**
 * Turns Prometheus' answer into the node's: caps, `truncated`, Prometheus errors. The answer
 * comes over an SSH channel (HTTP from this process) or, where the server refuses channels, as
 * what curl printed on the host; both become one PrometheusReply, judged by one function.
 */

/** What came back from Prometheus, whichever way it was asked. */
type PrometheusReply =
	| { kind: 'answer'; status: string; body: string }
	| { kind: 'too-large' }
	| { kind: 'failed'; state: 'timeout' | 'unreachable' | 'misconfigured'; message: string };

interface PrometheusEnvelope {
	status?: string;
	data?: unknown;
	errorType?: string;
	error?: string;
	warnings?: string[];
}

/** What a `success` envelope carried. */
export interface PrometheusData {
	data: unknown;
	warnings?: string[];
}

/** Error types that mean "Prometheus could not answer now" rather than "the query is wrong". */
const UNAVAILABLE_TYPES = new Set(['timeout', 'canceled', 'unavailable', 'internal']);

const clip = (text: string, max: number = HINT_QUOTE_CAPS.long) => clipTo(text, max);

const NOT_REACHED = 'Prometheus could not be reached from the host';

/** curl's exit code when its --max-time ran out. */
const CURL_TIMED_OUT = 28;

/** What curl printed: the body, then the `__HERMES_HTTP__<code>` trailer unless `head -c` cut it. */
export function curlReply(output: TextOutput): PrometheusReply {
	const { stdout } = output;
	const trailerAt = stdout.lastIndexOf(`\n${HTTP_TRAILER}`);
	const status = trailerAt < 0 ? '' : stdout.slice(trailerAt + HTTP_TRAILER.length + 1).trim();
	if (trailerAt < 0 && Buffer.byteLength(stdout) >= MONITORING_CAPS.responseBytes) return { kind: 'too-large' };
	if (trailerAt >= 0 && status !== '000') return { kind: 'answer', status, body: stdout.slice(0, trailerAt) };
	const reason = clip(output.stderr.trim() || `curl exited ${output.exitCode}`, HINT_QUOTE_CAPS.short);
	if (output.exitCode === 127) {
		return { kind: 'failed', state: 'misconfigured', message: `${NOT_REACHED}: curl is not on the SSH user PATH; install it there (apt-get install curl) (${reason})` };
	}
	return { kind: 'failed', state: output.exitCode === CURL_TIMED_OUT ? 'timeout' : 'unreachable', message: `${NOT_REACHED}: ${reason}` };
}

/** What came back over the SSH channel. */
export function httpReply(result: RemoteHttpResult): PrometheusReply {
	switch (result.kind) {
		case 'response':
			return result.truncated ? { kind: 'too-large' } : { kind: 'answer', status: String(result.status), body: result.body.toString('utf8') };
		default:
			return { kind: 'failed', state: result.kind === 'timeout' ? 'timeout' : 'unreachable', message: `${NOT_REACHED}: ${clip(result.message, HINT_QUOTE_CAPS.short)}` };
	}
}

export function prometheusData(reply: PrometheusReply): Checked<PrometheusData> {
	if (reply.kind === 'too-large') {
		return refuse(
			errorAnswer(
				'__TOO_LARGE__',
				`Prometheus' answer is over ${MONITORING_CAPS.responseBytes} bytes. Narrow the query (label matchers, topk(), sum by (...)).`,
			),
		);
	}
	if (reply.kind === 'failed') return refuse(unavailableAnswer(reply.state, reply.message));
	const { status, body } = reply;
	if (!body.trim()) return refuse(unavailableAnswer('unreachable', `${NOT_REACHED}: the Prometheus URL answered HTTP ${status} with an empty body`));
	let envelope: PrometheusEnvelope;
	try {
		envelope = JSON.parse(body) as PrometheusEnvelope;
	} catch {
		return refuse(notPrometheus(status, body));
	}
	if (!envelope || typeof envelope !== 'object') return refuse(notPrometheus(status, body));
	if (envelope.status === 'success') return ok({ data: envelope.data, warnings: envelope.warnings });
	const message = envelope.error ?? `HTTP ${status}`;
	if (envelope.errorType && UNAVAILABLE_TYPES.has(envelope.errorType)) {
		const state = envelope.errorType === 'timeout' ? 'timeout' : 'unreachable';
		return refuse(unavailableAnswer(state, `Prometheus could not answer (${envelope.errorType}): ${clip(message)}`));
	}
	return refuse(
		errorAnswer('__BAD_ARGUMENT__', `Prometheus rejected the query (${envelope.errorType ?? 'error'}): ${clip(message)}. Fix the PromQL and retry.`),
	);
}

/** What curl printed on the host, judged. */
export function parseCurlOutput(output: TextOutput): Checked<PrometheusData> {
	return prometheusData(curlReply(output));
}

function notPrometheus(status: string, body: string): ErrorAnswer {
	return unavailableAnswer('misconfigured', `The Prometheus URL answered HTTP ${status} with something that is not Prometheus JSON: ${clip(body, 200)}`);
}

/**
 * The answer for a `success` envelope. JSON of another shape (the URL setting names another
 * service, a proxy rewrote it) is __UNAVAILABLE__ for the operator, never a thrown TypeError.
 */
export function answerFor(mode: MonitoringOperation, data: unknown, warnings?: unknown): IDataObject {
	try {
		return mode === 'query' ? queryAnswer(data, warnings as string[] | undefined) : alertsAnswer(data);
	} catch (error) {
		return unavailableAnswer('misconfigured', `The Prometheus URL answered JSON that is not a Prometheus ${mode} answer (${messageOf(error)}). Check the Prometheus URL setting.`);
	}
}

/** Keeps whole entries, in order, while both caps hold. */
function capEntries<T>(entries: T[]): { kept: T[]; truncated: boolean } {
	const kept: T[] = [];
	let chars = 2;
	for (const entry of entries) {
		if (kept.length >= MONITORING_CAPS.series) break;
		const size = JSON.stringify(entry).length + 1;
		if (chars + size > MONITORING_CAPS.chars) break;
		kept.push(entry);
		chars += size;
	}
	return { kept, truncated: kept.length < entries.length };
}

interface PromSeries {
	metric: Record<string, string>;
	value?: [number, string];
	values?: Array<[number, string]>;
}

export function queryAnswer(data: unknown, warnings?: string[]): IDataObject {
	const { resultType, result } = (data ?? {}) as { resultType?: string; result?: unknown };
	const answer: IDataObject = { success: true, mode: 'query', resultType: resultType ?? 'unknown' };
	if (warnings?.length) answer.warnings = warnings.map((w) => clip(w, HINT_QUOTE_CAPS.short));
	if (resultType === 'scalar' || resultType === 'string') {
		const [timestamp, value] = result as [number, string];
		return { ...answer, result: { timestamp, value }, seriesCount: 1, returned: 1, truncated: false };
	}
	const series = Array.isArray(result) ? (result as PromSeries[]) : [];
	const { kept, truncated } = capEntries(series);
	Object.assign(answer, { seriesCount: series.length, returned: kept.length, truncated, result: kept as unknown as IDataObject[] });
	if (truncated) {
		answer.hint = `Showing ${kept.length} of ${series.length} series (caps: ${MONITORING_CAPS.series} series, ${MONITORING_CAPS.chars} characters). Narrow the query with label matchers, topk() or sum by (...) to see the rest.`;
	}
	return answer;
}

interface PromAlert {
	labels?: Record<string, string>;
	annotations?: Record<string, string>;
	state?: string;
	activeAt?: string;
	value?: string;
}

export function alertsAnswer(data: unknown): IDataObject {
	const all = ((data ?? {}) as { alerts?: PromAlert[] }).alerts ?? [];
	const firing = all
		.filter((alert) => alert.state === 'firing')
		.map((alert) => {
			const { alertname = '', ...labels } = alert.labels ?? {};
			return {
				name: alertname,
				labels,
				summary: alert.annotations?.summary ?? alert.annotations?.description ?? '',
				since: alert.activeAt ?? '',
			};
		});
	const { kept, truncated } = capEntries(firing);
	const answer: IDataObject = { success: true, mode: 'alerts', count: firing.length, returned: kept.length, truncated, alerts: kept };
	if (truncated) {
		answer.hint = `Showing ${kept.length} of ${firing.length} firing alerts (caps: ${MONITORING_CAPS.series} alerts, ${MONITORING_CAPS.chars} characters). Use mode "query" with ALERTS{alertstate="firing"} and label matchers to see the rest.`;
	}
	return answer;
}
