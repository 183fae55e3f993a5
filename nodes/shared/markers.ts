/**
 * Structured error answers (DESIGN §5). Invalid input is a business answer, not an
 * incident: nodes return one of these as an item instead of throwing, so the
 * workflow's Error Workflow is not triggered for a typo from the agent.
 */

export const MARKERS = [
	'__NOT_FOUND__',
	'__BAD_PATH__',
	'__BAD_ACTION__',
	'__EMPTY_QUERY__',
	'__EXISTS__',
	'__STALE_READ__',
	'__WRITE_FAILED__',
	'__TOO_LARGE__',
	'__PROTECTED__',
	'__UNAVAILABLE__',
] as const;

export type Marker = (typeof MARKERS)[number];

export interface ErrorAnswer {
	success: false;
	error: Marker;
	hint: string;
}

/** One default hint per marker: what the caller should do next. Never a content hash. */
export const DEFAULT_HINTS: Readonly<Record<Marker, string>> = {
	__NOT_FOUND__: 'Nothing exists at that name. List first (e.g. vault_list) and use a name it returns.',
	__BAD_PATH__:
		'The path is not allowed. Use a relative path under an allowed prefix, ending in .md, with no "..", hidden or empty segments.',
	__BAD_ACTION__: 'That action or mode is not supported. Use one of the documented values.',
	__EMPTY_QUERY__: 'The query is empty. Send a non-empty value.',
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

/**
 * A node setting the operator got wrong. It is an infrastructure fault, not the agent's input:
 * the agent must not retry with other arguments, only report it. The hint names the setting and
 * what is wrong, never its value (a URL may hold a password).
 */
export function misconfiguredAnswer(setting: string, why: string): ErrorAnswer {
	return errorAnswer(
		'__UNAVAILABLE__',
		`The ${setting} setting of this node is misconfigured (${why}). Other arguments will not help. Tell the operator.`,
	);
}

const MARKER_SET: ReadonlySet<string> = new Set(MARKERS);

export function isMarker(value: unknown): value is Marker {
	return typeof value === 'string' && MARKER_SET.has(value);
}

/** Builds `{success:false, error, hint}`; a specific hint replaces the default one. */
export function errorAnswer(marker: Marker, hint?: string): ErrorAnswer {
	return { success: false, error: marker, hint: hint && hint.trim() ? hint : DEFAULT_HINTS[marker] };
}

const MARKER_LINE = /^(__[A-Z_]+__)(?:[ \t]+(.*))?$/;

/**
 * Remote scripts print a marker as the first line of stdout, optionally followed by a
 * detail on the same line (`__BAD_PATH__ symlink leaves the vault`). Returns the answer
 * for a marker line, or undefined when stdout is not a marker.
 */
export function answerFromRemoteOutput(stdout: string): ErrorAnswer | undefined {
	const firstLine = stdout.split('\n', 1)[0].trimEnd();
	const match = MARKER_LINE.exec(firstLine);
	if (!match || !isMarker(match[1])) return undefined;
	const detail = match[2]?.trim();
	return errorAnswer(match[1], detail ? `${DEFAULT_HINTS[match[1]]} (${detail})` : undefined);
}
