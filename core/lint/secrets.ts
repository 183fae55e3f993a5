/**
 * What a secret written into a workflow looks like, as opposed to the placeholders templates
 * ship (`YOUR_API_KEY`, `<token>`, `{HERE-YOUR-PASSWORD}`, `CLIENTSECRET`) and the expressions
 * written without their leading `=` (`Bearer {{ $json.token }}`): neither is a secret.
 */

/** Words and shapes that mark a value as a stand-in for the real one. */
const PLACEHOLDER =
	/your|<[^>]*>|\{[^}]*\}|\[[^\]]*\]|x{4,}|\*{3,}|\.{3}|…|here|replace|insert|placeholder|change[-_ ]?me|example|dummy|sample|redacted|todo|\bfake\b|\bdemo\b|\btest\b|\bmy[-_ ]?(api|key|token|secret|pass)/i;

/** An n8n expression, whether or not it starts with `=`. */
const EXPRESSION = /\{\{|\$\{|^\s*=/;

/** What n8n writes in place of a credential value it does not export. */
const BLANK_MARKER = '__n8n_BLANK_VALUE_';

/** A scheme in front of a token in an Authorization-style value. */
const SCHEME = /^(bearer|token|basic|bot|apikey|api-key|key|sso-key|digest)\s+/i;

/** An identifier in capitals (`CLIENTSECRET`, `API_KEY`, `OPENAI_TOKEN`): a name, not a value. */
const CONSTANT_NAME = /^[A-Z]+(?:[_-][A-Z]+)*$/;

/**
 * Words that say what the value stands for (`a random password`, `the admin secret`): a phrase
 * naming the secret, as tests and examples write it, not the secret itself. A passphrase of
 * other words (`correct horse battery staple`) is still a password.
 */
const NAMES_ITSELF = /^(?=.*\b(password|passwd|passphrase|pass|secret|token|key)\b)[a-z]+( [a-z]+)+$/i;

export function isPlaceholder(value: string): boolean {
	return PLACEHOLDER.test(value) || CONSTANT_NAME.test(value) || NAMES_ITSELF.test(value.trim()) || value.startsWith(BLANK_MARKER);
}

/** The value without a leading scheme word and surrounding quotes or spaces. */
function bare(value: string): string {
	return value.trim().replace(SCHEME, '').replace(/^["']|["']$/g, '').trim();
}

/**
 * A token, key or password as a machine makes them: no spaces, long enough, letters and digits
 * mixed (a 32-hex key, `pcsk_...`, a JWT), not a placeholder, not an expression.
 */
export function looksLikeToken(value: string): boolean {
	if (EXPRESSION.test(value)) return false;
	const token = bare(value);
	return (
		token.length >= 16 &&
		!/\s/.test(token) &&
		/\d/.test(token) &&
		/[A-Za-z]/.test(token) &&
		!isPlaceholder(token)
	);
}

/** A password: any literal a person would type, except placeholders, expressions and blanks. */
export function looksLikePassword(value: string): boolean {
	if (EXPRESSION.test(value)) return false;
	const password = value.trim();
	return password.length >= 4 && !isPlaceholder(password);
}

/** `Basic <base64 of user:password>`: decodes to printable text with a colon. */
export function isBasicCredential(encoded: string): boolean {
	if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(encoded)) return false;
	const decoded = Buffer.from(encoded, 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	return colon > 0 && colon < decoded.length - 1 && /^[\x20-\x7e]+$/.test(decoded) && !isPlaceholder(decoded);
}
