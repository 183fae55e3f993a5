/**
 * Structured error answers. Invalid input is a business answer, not an incident: nodes return
 * one of these as an item instead of throwing, so the workflow's Error Workflow is not
 * triggered for a typo from the agent. Each answer says in `retry` what may help, so an agent
 * acts on it without reading the hint's prose.
 */

export const MARKERS = [
	'__NOT_FOUND__',
	'__BAD_PATH__',
	'__BAD_ACTION__',
	'__BAD_ARGUMENT__',
	'__EMPTY_QUERY__',
	'__EXISTS__',
	'__STALE_READ__',
	'__WRITE_FAILED__',
	'__TOO_LARGE__',
	'__PROTECTED__',
	'__UNAVAILABLE__',
] as const;

export type Marker = (typeof MARKERS)[number];

/**
 * Answers of a gated tool (one that acts only after a person approved the exact call). They
 * come from the generated gate workflow, not from a node, and carry `approval_id`.
 */
export const APPROVAL_MARKERS = ['__APPROVAL_REQUIRED__', '__APPROVAL_DENIED__', '__APPROVAL_INVALID__'] as const;
export type ApprovalMarker = (typeof APPROVAL_MARKERS)[number];

export const APPROVAL_RETRY: Readonly<Record<ApprovalMarker, Retry>> = {
	__APPROVAL_REQUIRED__: 'after_approval',
	// The person said no: asking again without their say-so does not help.
	__APPROVAL_DENIED__: 'never_here',
	// Expired, used, unknown or other arguments: a new first call starts a new request.
	__APPROVAL_INVALID__: 'change_arguments',
};

/** What may help after a failure: each answer's `retry`, in the words the agent is told (the MCP server's instructions). */
export const RETRY_POLICIES = ['change_arguments', 'after_read', 'later', 'never_here', 'after_approval'] as const;
export type Retry = (typeof RETRY_POLICIES)[number];

export const RETRY_MEANING: Readonly<Record<Retry, string>> = {
	change_arguments: 'the call cannot succeed as sent; change the arguments as the hint says.',
	after_read: 'the target changed or already exists; read it, then call again with what the read returned.',
	later: 'a passing fault; wait a little, then send the same call again.',
	never_here: 'no retry can help; tell the person what the hint says.',
	after_approval: 'a person must approve this exact call first (see Approval).',
};

/** Which fault an `__UNAVAILABLE__` answer is. */
export const UNAVAILABLE_STATES = ['unreachable', 'timeout', 'host_key_mismatch', 'auth_failed', 'misconfigured', 'rate_limited'] as const;
export type UnavailableState = (typeof UNAVAILABLE_STATES)[number];

/** A type, not an interface: an item's json (n8n's IDataObject) takes it as it is. */
export type ErrorAnswer = {
	success: false;
	error: Marker;
	hint: string;
	retry: Retry;
	/** Only on `__UNAVAILABLE__`. */
	state?: UnavailableState;
};

/** The retry policy of each marker; `__UNAVAILABLE__` takes its policy from its state. */
export const MARKER_RETRY: Readonly<Record<Exclude<Marker, '__UNAVAILABLE__'>, Retry>> = {
	__NOT_FOUND__: 'change_arguments',
	__BAD_PATH__: 'change_arguments',
	__BAD_ACTION__: 'change_arguments',
	__BAD_ARGUMENT__: 'change_arguments',
	__EMPTY_QUERY__: 'change_arguments',
	__EXISTS__: 'after_read',
	__STALE_READ__: 'after_read',
	__WRITE_FAILED__: 'later',
	__TOO_LARGE__: 'change_arguments',
	// The target is refused whatever the arguments around it: only a person can change that.
	__PROTECTED__: 'never_here',
};

export const STATE_RETRY: Readonly<Record<UnavailableState, Retry>> = {
	unreachable: 'later',
	timeout: 'later',
	host_key_mismatch: 'never_here',
	auth_failed: 'never_here',
	misconfigured: 'never_here',
	// Too many requests of one kind in a while (an approval gate's cap): it passes by itself.
	rate_limited: 'later',
};

/**
 * How many characters of what another program said (its error message, the end of its output, a
 * header) an answer or record quotes: `long` where it is the whole story, `short` for a line
 * beside others (the last lines of stderr, a warning, the reason a connection failed).
 */
export const HINT_QUOTE_CAPS = { long: 500, short: 300 } as const;

/** One default hint per marker: what the caller should do next. Never a content hash. */
export const DEFAULT_HINTS: Readonly<Record<Marker, string>> = {
	__NOT_FOUND__: 'Nothing exists at that name. List first (e.g. vault_list) and use a name it returns.',
	__BAD_PATH__: 'The path is not allowed. Use a relative path inside the vault, ending in .md, with no "..", hidden or empty segments.',
	__BAD_ACTION__: 'That operation, action, mode or content type is not one this tool takes. Use one of the documented values.',
	__BAD_ARGUMENT__: 'An argument is missing or not in the form it must have. The hint says which; send it corrected.',
	__EMPTY_QUERY__: 'The query is empty. Send the text or expression to look for.',
	__EXISTS__:
		'The file already exists. Read it first (vault_read) and pass its contentHash as base_hash to overwrite it.',
	__STALE_READ__:
		'The file changed since you read it. Read it again (vault_read), merge your change, and retry with the new contentHash.',
	__WRITE_FAILED__: 'The write did not complete and nothing was changed. Retry the same call.',
	__TOO_LARGE__: 'The input is over the size cap. Send a smaller value.',
	__PROTECTED__: 'That target is protected and cannot be actioned by this tool.',
	__UNAVAILABLE__:
		'The host could not be reached or did not answer in time. This is an infrastructure fault; retry later or tell the operator.',
};

/** Default hints of `__UNAVAILABLE__` by state. */
export const UNAVAILABLE_HINTS: Readonly<Record<UnavailableState, string>> = {
	unreachable: DEFAULT_HINTS.__UNAVAILABLE__,
	timeout: 'The host did not answer in time. This is an infrastructure fault; retry later or tell the operator.',
	host_key_mismatch: "The host's SSH key is not the pinned one. Retrying cannot help; tell the operator.",
	auth_failed: 'The host refused the SSH login. Retrying cannot help; tell the operator.',
	misconfigured: 'This node or its host is misconfigured. Other arguments will not help. Tell the operator.',
	rate_limited: 'Too many requests of this kind in a short time. Nothing was executed; retry later.',
};

const MARKER_SET: ReadonlySet<string> = new Set(MARKERS);
const STATE_SET: ReadonlySet<string> = new Set(UNAVAILABLE_STATES);

export function isMarker(value: unknown): value is Marker {
	return typeof value === 'string' && MARKER_SET.has(value);
}

export function isUnavailableState(value: unknown): value is UnavailableState {
	return typeof value === 'string' && STATE_SET.has(value);
}

const given = (hint: string | undefined) => (hint && hint.trim() ? hint : undefined);

/**
 * Builds `{success:false, error, hint, retry}`; a specific hint replaces the default one. A
 * specific `retry` is for the rare answer whose marker says less than the situation does (a
 * write lost mid-transfer: read before retrying). `__UNAVAILABLE__` is built by unavailableAnswer.
 */
export function errorAnswer(marker: Exclude<Marker, '__UNAVAILABLE__'>, hint?: string, retry?: Retry): ErrorAnswer {
	return { success: false, error: marker, hint: given(hint) ?? DEFAULT_HINTS[marker], retry: retry ?? MARKER_RETRY[marker] };
}

/** `__UNAVAILABLE__` with its state; the retry policy follows the state unless one is given. */
export function unavailableAnswer(state: UnavailableState, hint?: string, retry?: Retry): ErrorAnswer {
	return { success: false, error: '__UNAVAILABLE__', hint: given(hint) ?? UNAVAILABLE_HINTS[state], retry: retry ?? STATE_RETRY[state], state };
}

/**
 * A node setting the operator got wrong. It is an infrastructure fault, not the agent's input:
 * the agent must not retry with other arguments, only report it. The hint names the setting and
 * what is wrong, never its value (a URL may hold a password).
 */
export function misconfiguredAnswer(setting: string, why: string): ErrorAnswer {
	return unavailableAnswer(
		'misconfigured',
		`The ${setting} setting of this node is misconfigured (${why}). Other arguments will not help. Tell the operator.`,
	);
}

/** Per-marker hints that replace the defaults for one operation's remote output (e.g. a read's __BAD_PATH__). */
export type RemoteHints = Partial<Record<Marker, string>>;

const MARKER_LINE = /^(__[A-Z_]+__)(?:[ \t]+(.*))?$/;

/**
 * Remote scripts print a marker as the first line of stdout, optionally followed by a
 * detail on the same line (`__BAD_PATH__ symlink leaves the vault`). An `__UNAVAILABLE__`
 * detail may start with its state (`__UNAVAILABLE__ misconfigured the vault path ...`);
 * without one it is `unreachable`. Returns the answer for a marker line, or undefined when
 * stdout is not a marker.
 */
export function answerFromRemoteOutput(stdout: string, hints: RemoteHints = {}): ErrorAnswer | undefined {
	const firstLine = stdout.split('\n', 1)[0].trimEnd();
	const match = MARKER_LINE.exec(firstLine);
	if (!match || !isMarker(match[1])) return undefined;
	const marker = match[1];
	let detail = match[2]?.trim() ?? '';
	let state: UnavailableState = 'unreachable';
	if (marker === '__UNAVAILABLE__') {
		const [first, ...rest] = detail.split(/\s+/);
		if (isUnavailableState(first)) {
			state = first;
			detail = rest.join(' ');
		}
	}
	const base = hints[marker] ?? (marker === '__UNAVAILABLE__' ? UNAVAILABLE_HINTS[state] : DEFAULT_HINTS[marker]);
	const hint = detail ? `${base} (${detail})` : base;
	return marker === '__UNAVAILABLE__' ? unavailableAnswer(state, hint) : errorAnswer(marker, hint);
}
