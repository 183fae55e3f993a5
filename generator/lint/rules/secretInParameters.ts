import type { Rule, RuleHit } from '../types';
import { forEachString } from '../walk';

/** Shapes of secrets that give themselves away wherever they appear, expressions included. */
const SECRET_PATTERNS: Array<[string, RegExp]> = [
	['a private key', /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----/],
	// a token has a digit or is long; "Bearer required", "Bearer YOUR_TOKEN" are prose and placeholders
	['a bearer token', /\bBearer\s+(?:(?=[A-Za-z\-._~+/]*\d)[A-Za-z0-9\-._~+/]{8,}|[A-Za-z0-9\-._~+/]{32,})=*/i],
	['a GitHub token', /\b(gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b/],
	['a GitLab token', /\bglpat-[A-Za-z0-9_-]{20,}\b/],
	['an API secret key (sk-...)', /\bsk-[A-Za-z0-9_-]{20,}\b/],
	['a Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/],
	['an AWS access key id', /\bAKIA[0-9A-Z]{16}\b/],
	['a Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
	['a JSON Web Token', /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/],
];

/** All patterns at once: most strings match none, so one scan rules them out. */
const ANY_SECRET_PATTERN = new RegExp(SECRET_PATTERNS.map(([, regex]) => regex.source).join('|'), 'i');

/** Parameter or header names whose literal value is a secret (compared without case, "-", "_"). */
const SECRET_NAMES = new Set([
	'password',
	'passwd',
	'secret',
	'clientsecret',
	'apisecret',
	'secretkey',
	'apikey',
	'xapikey',
	'accesstoken',
	'authtoken',
	'xauthtoken',
	'bearertoken',
	'refreshtoken',
	'token',
	'privatekey',
	'authorization',
	'proxyauthorization',
]);

/** What n8n writes in place of a credential value it does not export. */
const BLANK_MARKER = '__n8n_BLANK_VALUE_';

const normalise = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

function isLiteralValue(text: string): boolean {
	const trimmed = text.trim();
	return trimmed !== '' && !trimmed.startsWith('=') && !trimmed.startsWith(BLANK_MARKER);
}

/** `{ name: 'Authorization', value: '...' }` pairs (HTTP headers, query parameters, ...). */
function namedPairs(value: unknown, path: string, found: Map<string, string>): void {
	if (Array.isArray(value)) {
		value.forEach((item, index) => namedPairs(item, `${path}[${index}]`, found));
	} else if (typeof value === 'object' && value !== null) {
		const record = value as Record<string, unknown>;
		if (
			typeof record.name === 'string' &&
			typeof record.value === 'string' &&
			SECRET_NAMES.has(normalise(record.name)) &&
			isLiteralValue(record.value)
		) {
			found.set(`${path}.value`, `a literal "${record.name}" value`);
		}
		for (const [key, child] of Object.entries(record)) namedPairs(child, `${path}.${key}`, found);
	}
}

export const secretInParameters: Rule = {
	code: 'HMT014',
	name: 'secret-in-parameters',
	severity: 'error',
	summary: 'A credential or token is written into node parameters (a literal, not an expression or credential).',
	why: 'Parameters are stored and exported in clear text: the secret ends up in git, CI logs and every copy of the workflow.',
	hint: 'Move the value into an n8n credential (e.g. httpBearerAuth, httpHeaderAuth) or an expression reading $env, then rotate it.',
	check({ workflow }) {
		const hits: RuleHit[] = [];
		for (const node of workflow.nodes) {
			const found = new Map<string, string>();
			namedPairs(node.parameters, 'parameters', found);
			forEachString(node.parameters, 'parameters', (text, path, key) => {
				if (found.has(path)) return;
				const pattern = ANY_SECRET_PATTERN.test(text)
					? SECRET_PATTERNS.find(([, regex]) => regex.test(text))
					: undefined;
				if (pattern) found.set(path, pattern[0]);
				else if (SECRET_NAMES.has(normalise(key)) && isLiteralValue(text)) {
					found.set(path, `a literal "${key}" value`);
				}
			});
			for (const [path, what] of found) {
				hits.push({ node: node.name, path, message: `${path} holds ${what} in clear text` });
			}
		}
		return hits;
	},
};
