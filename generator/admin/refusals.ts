/**
 * What n8n's API answered an admin tool, and the refusal when it did not answer what was asked,
 * as n8n expression code: the sub-workflow's Answer node runs it inside n8n, never this
 * process. Every refusal is the project's answer shape (docs/answers.md) with the retry of its
 * marker or state from the contract, so an agent never reads n8n's own error text to decide.
 * Written as source with block bodies whose closing braces never meet (n8n cuts an expression
 * at two of them).
 */
import { HINT_QUOTE_CAPS, MARKER_RETRY, STATE_RETRY } from '../contracts';

/**
 * `(items) => ({ status, bodies } | { status, message })`: the HTTP Request's items (full
 * response, never failing on a status; one per page) read as n8n's answer. Every page 2xx:
 * their bodies, parsed where JSON. Otherwise the first failing page's status and n8n's message;
 * status null when n8n gave no answer at all (the item holds the request's error).
 */
export const READ_RESPONSE = String.raw`((items) => {
	const parse = (body) => {
		if (typeof body !== 'string') return body;
		try { return JSON.parse(body) } catch (e) { return body }
	};
	const bad = items.find((item) => !(item.statusCode >= 200 && item.statusCode < 300));
	if (items.length > 0 && !bad) return { status: items[0].statusCode, bodies: items.map((item) => parse(item.body)) };
	const failed = bad ?? ({});
	if (failed.statusCode === undefined) {
		const error = failed.error ?? ({});
		const code = Number(error.httpCode);
		const said = typeof error === 'string' ? error : String(error.message ?? 'no answer');
		return { status: code >= 400 ? code : null, message: said.slice(0, ${HINT_QUOTE_CAPS.short}) };
	}
	const body = parse(failed.body);
	const said = typeof body === 'string' ? body : body && typeof body.message === 'string' ? body.message : '';
	return { status: failed.statusCode, message: said.slice(0, ${HINT_QUOTE_CAPS.short}) };
})`;

/** What a refusal needs to know of the tool, fixed when the workflow is generated. */
export interface Ask {
	/** `workflow` or `execution`: what an id names. */
	what: string;
	/** The parameter holding the id; absent for a list. */
	key?: string;
	/** The tool that lists valid ids. */
	list: string;
	/** The API scope the request needs. */
	scope: string;
	/** The n8n API credential the tool sends. */
	credential: string;
	/** What to change when n8n answers 400. */
	badRequest: string;
}

/**
 * `(response, ask, id)`: the refusal for what READ_RESPONSE read, or null when n8n answered what
 * was asked (for an id: an object of that id; an empty id is refused before anything else).
 */
export const REFUSAL = String.raw`((r, ask, id) => {
	const markers = ${JSON.stringify(MARKER_RETRY)};
	const states = ${JSON.stringify(STATE_RETRY)};
	const refuse = (error, hint, more) => ({ success: false, error, hint, retry: markers[error], ...more });
	const unavailable = (state, hint) => ({ success: false, error: '__UNAVAILABLE__', hint, retry: states[state], state });
	const said = r.message ? ': ' + r.message : '';
	const notFound = () => refuse('__NOT_FOUND__', 'This n8n has no ' + ask.what + ' with the id ' + JSON.stringify(id) + '. List them (' + ask.list + ') and use an id it gives.', { [ask.what]: { id } });
	if (ask.key && id === '') return refuse('__BAD_ARGUMENT__', 'No ' + ask.what + ' id was given: pass ' + ask.key + ' as ' + ask.list + ' gives it.');
	if (r.status === null) {
		const timeout = /timed? ?out|ETIMEDOUT|ECONNABORTED/i.test(r.message);
		return unavailable(timeout ? 'timeout' : 'unreachable', 'The n8n API did not answer (' + r.message + '). Retry later; if it lasts, tell the operator to check admin.apiUrl.');
	}
	if (r.status === 404 && ask.key) return notFound();
	if (r.status === 404) return unavailable('misconfigured', 'The n8n API answered 404 for a list: admin.apiUrl is not n8n\'s public API. Tell the operator.');
	if (r.status === 400) return refuse('__BAD_ARGUMENT__', 'n8n refused the request (400' + said + '). ' + ask.badRequest);
	if (r.status === 401) return unavailable('misconfigured', 'The n8n API refused the admin key (401' + said + '): the key in the credential "' + ask.credential + '" is wrong, expired or deleted. Tell the operator.');
	if (r.status === 403) return unavailable('misconfigured', 'The n8n API refused the admin key (403' + said + '): it needs the scope ' + ask.scope + '. Tell the operator.');
	if (r.status === 429) return unavailable('rate_limited', 'The n8n API asked to slow down (429). Retry later.');
	if (r.status < 200 || r.status > 299) return unavailable('unreachable', 'The n8n API failed (' + r.status + said + '). Retry later; if it lasts, tell the operator.');
	// A 2xx for another path: the id did not name one object of this n8n.
	if (ask.key && !(r.bodies[0] && String(r.bodies[0].id) === id)) return notFound();
	return null;
})`;

/**
 * `(said, label, node, known)`: the refusal of a node name that is not there; `said` tells
 * where it was looked for, `label` introduces the names there are (at most `names` of them),
 * those most like the one asked for first (the same letters and digits, then containing them).
 */
export function nodeNotFound(names: number): string {
	return String.raw`((said, label, node, known) => {
		const plain = (text) => String(text).toLowerCase().replace(/[^a-z0-9]/g, '');
		const asked = plain(node);
		const rank = (name) => plain(name) === asked ? 0 : asked && (plain(name).includes(asked) || asked.includes(plain(name))) ? 1 : 2;
		const named = known.map((name, at) => ({ name, at })).sort((a, b) => rank(a.name) - rank(b.name) || a.at - b.at).map((x) => x.name);
		const listed = named.slice(0, ${names}).map((n) => JSON.stringify(n)).join(', ') + (named.length > ${names} ? ' and ' + (named.length - ${names}) + ' more' : '');
		return {
			success: false,
			error: '__NOT_FOUND__',
			hint: said + ' ' + label + ': ' + (named.length ? listed : 'none') + '. Node names are exact; pass one of those, or an empty node for all.',
			retry: ${JSON.stringify(MARKER_RETRY.__NOT_FOUND__)},
			node
		};
	})`;
}

/**
 * `(item) => refusal`: when the answer code itself failed (n8n's expression engine out of time
 * or memory on a huge object, say), the item the node's error output carries becomes an answer
 * too, so the agent never gets n8n's raw error.
 */
export const ANSWER_FAILED = String.raw`((item) => {
	const error = item.error ?? item;
	const said = typeof error === 'string' ? error : String((error && error.message) || 'no reason given');
	return { success: false, error: '__UNAVAILABLE__', hint: 'n8n could not make this answer (' + said.slice(0, ${HINT_QUOTE_CAPS.short}) + '). Tell the operator; the same call will fail again.', retry: ${JSON.stringify(STATE_RETRY.misconfigured)}, state: 'misconfigured' };
})`;
