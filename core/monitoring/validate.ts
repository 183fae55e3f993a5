import { misconfigured, ok, refuse, type Checked } from '../checked';
import { errorAnswer } from '../markers';
import { MAX_PROMQL_CHARS } from './contract';

/**
 * Input and setting checks for the Monitoring node; each returns the clean value or a marker
 * answer. The Prometheus URL check is the workflow generator's too, so this module imports
 * neither n8n-workflow nor ssh2.
 */

/** The query is passed to Prometheus byte for byte; only emptiness and size are judged here. */
export function checkPromql(raw: unknown): Checked<string> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return refuse(errorAnswer('__EMPTY_QUERY__', 'The PromQL query is empty. Send an expression such as up or rate(node_cpu_seconds_total[5m]).'));
	}
	if (typeof raw !== 'string') {
		return refuse(errorAnswer('__BAD_ARGUMENT__', 'promql must be a string holding a PromQL expression.'));
	}
	if (raw.length > MAX_PROMQL_CHARS) {
		return refuse(
			errorAnswer('__TOO_LARGE__', `The PromQL query is ${raw.length} characters; the cap is ${MAX_PROMQL_CHARS}. Send a shorter expression.`),
		);
	}
	return ok(raw);
}

const SAFE_PATH = /^[A-Za-z0-9._~/-]*$/;

/**
 * The Prometheus base URL as seen from the SSH host (usually its loopback). It becomes one
 * quoted argument of curl, with globbing off; we still accept only a plain http(s) origin plus
 * an optional path prefix, so nothing in it can be read as a curl option or URL trick.
 * It is the operator's setting, so a bad one is `__UNAVAILABLE__`, not the agent's mistake.
 */
export function checkPrometheusUrl(raw: unknown): Checked<string> {
	const text = typeof raw === 'string' ? raw.trim() : '';
	const bad = (why: string) => misconfigured<string>('Prometheus URL', `${why}; expected e.g. http://127.0.0.1:9090`);
	if (typeof raw !== 'string') return bad('it is not text');
	if (!text) return bad('it is empty');
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return bad('it is not a URL');
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad('only http and https are allowed');
	if (url.username || url.password) return bad('credentials in the URL are not allowed');
	if (url.search || url.hash || text.includes('?') || text.includes('#')) return bad('a query string or fragment is not allowed');
	if (!url.hostname) return bad('it has no host');
	if (!SAFE_PATH.test(url.pathname)) return bad('the path holds characters other than letters, digits and ._~/-');
	return ok(`${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`);
}
