/**
 * Vault path policy. Every path the agent sends is checked here, in
 * TypeScript, before any command is built; the host checks the resolved path again
 * (symlinks) but never sees a path this module refused.
 *
 * The rules are deliberately narrower than what a filesystem accepts: a note path is
 * relative, made of visible, printable, NFKC-stable segments, with none of the characters
 * Obsidian or Windows refuse in a note name, and no spelling a shell, git pathspec or
 * Unicode normalisation could turn into something else.
 *
 * Every check returns Checked<T>. The settings' checks (vault path, write prefixes) are also
 * the workflow generator's, so this module imports neither n8n-workflow nor ssh2.
 */
import { misconfigured, ok, refuse, type Checked } from '../checked';
import { errorAnswer } from '../markers';
import { VAULT_LIMITS } from './contract';


const MAX_PATH_BYTES = 512;
const MAX_SEGMENT_BYTES = 255;
const MAX_SEGMENTS = 16;
const NOTE_EXTENSION = '.md';

/** ASCII characters refused anywhere: Obsidian/Windows-forbidden, link syntax, shell expansion. */
const FORBIDDEN_ASCII = /[\\:*?"<>|#^[\]~$`]/;
/** Percent-encoded dot, slash or backslash: harmless here, but refused in case anything downstream decodes. */
const ENCODED_SEPARATOR = /%(2e|2f|5c)/i;
/** Controls, invisible format characters (zero-width, bidi overrides, BOM), surrogates, private use, unassigned, line/paragraph separators. */
const FORBIDDEN_CLASSES = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
/** Any space other than the plain ASCII space (no-break, ideographic, en/em ...). */
const ODD_SPACE = /[^\S ]|[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u;
/**
 * Slash and dot look-alikes that NFKC leaves alone (fullwidth forms and one-dot leaders are
 * already caught by the NFKC rule): division slash, fraction slash, big solidus, set minus,
 * combining solidus overlays, ideographic and other full stops.
 */
const LOOKALIKES = /[\u2215\u2044\u29f5\u29f8\u29f9\u2216\u2afb\u2afd\u3002\u0701\u0702\u2e3c\u2027\u2219]|\u0337|\u0338|\u20e5/u;

function utf8Bytes(value: string): number {
	return Buffer.byteLength(value, 'utf8');
}

/** Checks one path segment; returns a reason or undefined. */
function segmentProblem(segment: string): string | undefined {
	if (segment === '') return 'empty segment (leading, trailing or doubled "/")';
	if (segment === '.' || segment === '..') return `"${segment}" segment`;
	if (segment.startsWith('.')) return 'hidden segment (starts with ".")';
	if (segment.startsWith('-')) return 'segment starts with "-"';
	if (segment !== segment.trim()) return 'segment starts or ends with a space';
	if (segment.endsWith('.')) return 'segment ends with "."';
	if (utf8Bytes(segment) > MAX_SEGMENT_BYTES) return `segment longer than ${MAX_SEGMENT_BYTES} bytes`;
	return undefined;
}

/** Checks the characters of the whole string; returns a reason or undefined. */
function characterProblem(value: string): string | undefined {
	if (value.includes('\0')) return 'NUL character';
	if (FORBIDDEN_CLASSES.test(value)) return 'control, invisible or unassigned character';
	if (ODD_SPACE.test(value)) return 'non-ASCII or control space';
	if (FORBIDDEN_ASCII.test(value)) return 'forbidden character (one of \\ : * ? " < > | # ^ [ ] ~ $ `)';
	if (value.normalize('NFKC') !== value) return 'not in Unicode NFKC form (look-alike or decomposed characters)';
	if (LOOKALIKES.test(value)) return 'slash or dot look-alike character';
	if (ENCODED_SEPARATOR.test(value)) return 'percent-encoded dot or slash';
	return undefined;
}

/** Checks a relative path made of segments (no trailing "/"); returns a reason or undefined. Shared by note paths and list prefixes. */
function relativeProblem(value: unknown, what: string): string | undefined {
	if (typeof value !== 'string') return `${what} must be a string`;
	if (value === '') return `${what} is empty`;
	if (utf8Bytes(value) > MAX_PATH_BYTES) return `${what} longer than ${MAX_PATH_BYTES} bytes`;
	const chars = characterProblem(value);
	if (chars) return chars;
	if (value.startsWith('/')) return 'absolute path';
	const segments = value.split('/');
	if (segments.length > MAX_SEGMENTS) return `more than ${MAX_SEGMENTS} segments`;
	for (const segment of segments) {
		const problem = segmentProblem(segment);
		if (problem) return problem;
	}
	return undefined;
}

/** A note path refused before any command: what is wrong and what a good one looks like. */
const badPath = <T>(reason: string) =>
	refuse<T>(
		errorAnswer('__BAD_PATH__', `The path is not allowed: ${reason}. Use a relative path ending in .md, with no "..", hidden or empty segments (e.g. research/topic.md).`),
		reason,
	);

function notePathProblem(value: unknown): string | undefined {
	const problem = relativeProblem(value, 'path');
	if (problem) return problem;
	return (value as string).endsWith(NOTE_EXTENSION) ? undefined : `path must end in ${NOTE_EXTENSION}`;
}

/** A note path for read (any folder) or write (see checkWritePath): relative, `.md`. */
export function checkNotePath(value: unknown): Checked<string> {
	const problem = notePathProblem(value);
	return problem ? badPath(problem) : ok(value as string);
}

/** A write path: a note path that also lies under one of the allowed prefixes. */
export function checkWritePath(value: unknown, prefixes: readonly string[]): Checked<string> {
	const problem = notePathProblem(value);
	if (problem) return badPath(problem);
	const path = value as string;
	if (prefixes.length === 0) return badPath('no write prefix is configured');
	if (!prefixes.some((prefix) => path.startsWith(prefix))) return badPath(`path is not under an allowed prefix (${prefixes.join(', ')})`);
	return ok(path);
}

/** A list prefix, or the reason it is none: empty is the whole vault; a trailing "/" is dropped. */
function listPrefixOf(value: unknown): { prefix: string } | { reason: string } {
	if (value === undefined || value === null || value === '') return { prefix: '' };
	if (typeof value !== 'string') return { reason: 'prefix must be a string' };
	const trimmed = value.endsWith('/') ? value.slice(0, -1) : value;
	const reason = relativeProblem(trimmed, 'prefix');
	return reason ? { reason } : { prefix: trimmed };
}

/** A list prefix (trimmed): a folder path with the segment rules of a note path, or nothing. */
export function checkListPrefix(value: unknown): Checked<string> {
	const checked = listPrefixOf(typeof value === 'string' ? value.trim() : value);
	if ('prefix' in checked) return ok(checked.prefix);
	return refuse(
		errorAnswer('__BAD_PATH__', `The folder prefix is not allowed: ${checked.reason}. Send a folder such as "research/" or nothing.`),
		checked.reason,
	);
}

/** A query is one line of text: git reads patterns one per line, so a newline would split it. */
export function checkSearchQuery(query: unknown): Checked<string> {
	const text = typeof query === 'string' ? query : query === undefined || query === null ? '' : String(query);
	if (text.trim() === '') return refuse(errorAnswer('__EMPTY_QUERY__', 'The search text is empty. Send the words to look for.'));
	if (/[\r\n\0]/.test(text)) {
		return refuse(errorAnswer('__BAD_ARGUMENT__', 'The search text must be a single line (no line breaks or NUL). Search for one line at a time.'));
	}
	if ([...text].length > VAULT_LIMITS.searchQueryChars) {
		return refuse(errorAnswer('__TOO_LARGE__', `The search text is longer than ${VAULT_LIMITS.searchQueryChars} characters. Search for a shorter phrase.`));
	}
	return ok(text);
}

/**
 * The `writePrefixes` setting (`research/,inbox/`): each entry is a folder path and is
 * normalised to end with "/", so `research` never admits `research-evil/`. A malformed entry
 * is the operator's to fix, not an agent mistake.
 */
export function checkWritePrefixes(setting: unknown): Checked<string[]> {
	if (typeof setting !== 'string') return misconfigured('Write Prefixes', 'writePrefixes must be a comma-separated string');
	const prefixes: string[] = [];
	for (const raw of setting.split(',')) {
		const entry = raw.trim();
		if (entry === '') continue;
		const checked = listPrefixOf(entry);
		if (!('prefix' in checked) || checked.prefix === '') {
			const why = 'prefix' in checked ? 'empty' : checked.reason;
			return misconfigured('Write Prefixes', `writePrefixes entry "${entry}" is not a folder path inside the vault (${why})`);
		}
		prefixes.push(`${checked.prefix}/`);
	}
	return ok(prefixes);
}

/**
 * The `vaultPath` setting: absolute, or `~/...` (expanded on the host to the SSH user's home).
 * Operator data, but it travels as a command argument, so it is held to printable characters.
 */
export function checkVaultPath(setting: unknown): Checked<string> {
	const bad = (why: string) => misconfigured<string>('Vault Path', why);
	if (typeof setting !== 'string' || setting.trim() === '') return bad('vaultPath is empty');
	if (FORBIDDEN_CLASSES.test(setting)) return bad('vaultPath contains a control character');
	const value = setting.trim();
	if (!value.startsWith('/') && !value.startsWith('~/') && value !== '~') return bad('vaultPath must be absolute or start with ~/');
	if (value.split('/').some((segment) => segment === '..')) return bad('vaultPath contains ".."');
	return ok(value);
}
