import { isObject } from '../../json';
import { isBasicCredential, isPlaceholder, looksLikePassword, looksLikeToken } from '../secrets';
import type { Rule, RuleHit } from '../types';
import { forEachString } from '../walk';

/** A shape of secret that gives itself away wherever it appears, expressions included. */
interface SecretShape {
	what: string;
	/** Global; group 1, when there is one, is the value `real` judges. */
	pattern: RegExp;
	real: (value: string) => boolean;
}

const notPlaceholder = (value: string) => !isPlaceholder(value);
const PASSWORD_KEY = /^(password|passwd|pwd|pass)$/i;

const SHAPES: SecretShape[] = [
	{
		what: 'a private key',
		pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----([\s\S]*?)(?:-----END|$)/g,
		// a real key body is base64; a placeholder body is a word or two
		real: (body) => /[A-Za-z0-9+/]{40,}/.test(body.replace(/\\n|\s/g, '')) && notPlaceholder(body),
	},
	{ what: 'a bearer token', pattern: /\bBearer\s+([A-Za-z0-9\-._~+/]+=*)/gi, real: looksLikeToken },
	{ what: 'a Basic user:password pair', pattern: /\bBasic\s+([A-Za-z0-9+/]{8,}={0,2})/g, real: isBasicCredential },
	{ what: 'a GitHub token', pattern: /\b(gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b/g, real: notPlaceholder },
	{ what: 'a GitLab token', pattern: /\b(glpat-[A-Za-z0-9_-]{20,})\b/g, real: notPlaceholder },
	{ what: 'an API secret key (sk-...)', pattern: /\b(sk-[A-Za-z0-9_-]{20,})/g, real: looksLikeToken },
	{ what: 'a Pinecone API key', pattern: /\b(pcsk_[A-Za-z0-9_]{20,})/g, real: looksLikeToken },
	{ what: 'a Slack token', pattern: /\b(xox[abprs]-[A-Za-z0-9-]{10,})\b/g, real: looksLikeToken },
	{ what: 'an AWS access key id', pattern: /\b(AKIA[0-9A-Z]{16})\b/g, real: (id) => /\d/.test(id) && notPlaceholder(id) },
	{ what: 'a Google API key', pattern: /\b(AIza[0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/g, real: notPlaceholder },
	{ what: 'a JSON Web Token', pattern: /\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g, real: notPlaceholder },
	{
		what: 'a key in a URL query string',
		pattern: /[?&](?:api[_-]?key|apikey|key|token|access[_-]?token|auth[_-]?token|secret|client[_-]?secret|app[_-]?key)=([^&#\s"'<>]+)/gi,
		real: looksLikeToken,
	},
	{
		// `"api_key": "..."` in a JSON body, `NETBOX_TOKEN = "Token ..."` or `apiKey: '...'` in code
		what: 'a key assigned in code or JSON',
		pattern: /(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|secret|secret[_-]?key)["']?\s*[:=]\s*["'`]([^"'`\n]+)["'`]/gi,
		real: looksLikeToken,
	},
	{
		what: 'a password assigned in code or JSON',
		pattern: /(?:password|passwd)["']?\s*[:=]\s*["'`]([^"'`\n]+)["'`]/gi,
		real: (value) => looksLikePassword(value) && !/^(password|passwd|pass|secret)$/i.test(value.trim()),
	},
];

/** All shapes at once: most strings match none, so one scan rules them out. */
const ANY_SHAPE = new RegExp(SHAPES.map((shape) => shape.pattern.source).join('|'), 'i');

function shapeIn(text: string): string | undefined {
	if (!ANY_SHAPE.test(text)) return undefined;
	for (const shape of SHAPES) {
		for (const match of text.matchAll(shape.pattern)) {
			if (shape.real(match[1] ?? match[0])) return shape.what;
		}
	}
	return undefined;
}

const normalise = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** Names (compared without case, "-", "_") whose literal value is a secret. */
const SECRET_NAME = /(password|passwd|secret|apikey|apitoken|accesstoken|authtoken|bearertoken|refreshtoken|privatekey|accesskey|^token|^authorization|^proxyauthorization|^pwd)$/;

/** Whether the literal `value` of a field or header called `name` is a real secret. */
function secretValue(name: string, value: string): boolean {
	const key = normalise(name);
	if (!SECRET_NAME.test(key) || normalise(value) === key) return false;
	if (PASSWORD_KEY.test(key) || key.endsWith('password') || key.endsWith('passwd')) return looksLikePassword(value);
	if (/^\s*basic\s+/i.test(value)) return isBasicCredential(value.trim().replace(/^basic\s+/i, ''));
	return looksLikeToken(value);
}

/** `{ name: 'Authorization', value: '...' }` pairs (HTTP headers, query parameters, ...). */
function namedPairs(value: unknown, path: string, found: Map<string, string>): void {
	if (Array.isArray(value)) {
		value.forEach((item, index) => namedPairs(item, `${path}[${index}]`, found));
	} else if (isObject(value)) {
		if (typeof value.name === 'string' && typeof value.value === 'string' && secretValue(value.name, value.value)) {
			found.set(`${path}.value`, `a literal "${value.name}" value`);
		}
		for (const [key, child] of Object.entries(value)) namedPairs(child, `${path}.${key}`, found);
	}
}

export const secretInParameters: Rule = {
	code: 'HMT014',
	name: 'secret-in-parameters',
	severity: 'error',
	summary: 'A credential or token is written into node parameters (a literal, not an expression or credential).',
	why: 'Parameters are stored and exported in clear text: the secret ends up in git, CI logs and every copy of the workflow. Placeholders (YOUR_API_KEY, <token>, CLIENTSECRET, a phrase naming the secret such as "a random password") and expressions ({{ $json.token }}, even without the leading =) are not reported.',
	hint: 'Move the value into an n8n credential (e.g. httpBearerAuth, httpHeaderAuth) or an expression reading $env, then rotate it.',
	check({ workflow }) {
		const hits: RuleHit[] = [];
		for (const node of workflow.nodes) {
			const found = new Map<string, string>();
			namedPairs(node.parameters, 'parameters', found);
			forEachString(node.parameters, 'parameters', (text, path, key) => {
				if (found.has(path)) return;
				const what = shapeIn(text) ?? (secretValue(key, text) ? `a literal "${key}" value` : undefined);
				if (what) found.set(path, what);
			});
			for (const [path, what] of found) {
				hits.push({ node: node.name, path, message: `${path} holds ${what} in clear text` });
			}
		}
		return hits;
	},
};
