/**
 * Constant scripts run on the SSH host by `bash -c`. Data never sits in them: the Prometheus
 * base URL is $1 (validated, single-quoted by the transport), the PromQL arrives on stdin and
 * curl url-encodes it itself (`query@-`), so no shell or curl ever parses the query.
 *
 * `-q` (first) keeps the SSH user's ~/.curlrc out: options there would change what curl prints.
 *
 * The body is followed by a trailer line `__HERMES_HTTP__<code>`; `head -c` bounds what crosses
 * the wire, so a huge answer is cut (trailer missing) instead of flooding the connection.
 */

export const HTTP_TRAILER = '__HERMES_HTTP__';

/** $1 base URL, $2 curl time limit (s), $3 byte cap. */
export const QUERY_SCRIPT = [
	'set -o pipefail',
	`curl -q -sS -g --max-time "$2" --data-urlencode 'query@-' -w '\\n${HTTP_TRAILER}%{http_code}' -- "$1/api/v1/query" | head -c "$3"`,
].join('\n');

/** $1 base URL, $2 curl time limit (s), $3 byte cap. */
export const ALERTS_SCRIPT = [
	'set -o pipefail',
	`curl -q -sS -g --max-time "$2" -w '\\n${HTTP_TRAILER}%{http_code}' -- "$1/api/v1/alerts" </dev/null | head -c "$3"`,
].join('\n');
