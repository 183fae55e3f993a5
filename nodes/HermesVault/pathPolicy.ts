/**
 * Vault path policy. Every path the agent sends is checked here, in
 * TypeScript, before any command is built; the host checks the resolved path again
 * (symlinks) but never sees a path this module refused.
 *
 * The rules are deliberately narrower than what a filesystem accepts: a note path is
 * relative, made of visible, printable, NFKC-stable segments, with none of the characters
 * Obsidian or Windows refuse in a note name, and no spelling a shell, git pathspec or
 * Unicode normalisation could turn into something else.
 */

export const MAX_PATH_BYTES = 512;
export const MAX_SEGMENT_BYTES = 255;
export const MAX_SEGMENTS = 16;
export const NOTE_EXTENSION = '.md';

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

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

/**
 * Validates a relative path made of segments (no trailing "/"). Shared by note paths and
 * list prefixes.
 */
function checkRelative(value: unknown, what: string): PathCheck {
	if (typeof value !== 'string') return { ok: false, reason: `${what} must be a string` };
	if (value === '') return { ok: false, reason: `${what} is empty` };
	if (utf8Bytes(value) > MAX_PATH_BYTES) return { ok: false, reason: `${what} longer than ${MAX_PATH_BYTES} bytes` };
	const chars = characterProblem(value);
	if (chars) return { ok: false, reason: chars };
	if (value.startsWith('/')) return { ok: false, reason: 'absolute path' };
	const segments = value.split('/');
	if (segments.length > MAX_SEGMENTS) return { ok: false, reason: `more than ${MAX_SEGMENTS} segments` };
	for (const segment of segments) {
		const problem = segmentProblem(segment);
		if (problem) return { ok: false, reason: problem };
	}
	return { ok: true, path: value };
}

/** A note path for read (any folder) or write (see checkWritePath): relative, `.md`. */
export function checkNotePath(value: unknown): PathCheck {
	const check = checkRelative(value, 'path');
	if (!check.ok) return check;
	if (!check.path.endsWith(NOTE_EXTENSION)) return { ok: false, reason: `path must end in ${NOTE_EXTENSION}` };
	return check;
}

/** A write path: a note path that also lies under one of the allowed prefixes. */
export function checkWritePath(value: unknown, prefixes: readonly string[]): PathCheck {
	const check = checkNotePath(value);
	if (!check.ok) return check;
	if (prefixes.length === 0) return { ok: false, reason: 'no write prefix is configured' };
	if (!prefixes.some((prefix) => check.path.startsWith(prefix))) {
		return { ok: false, reason: `path is not under an allowed prefix (${prefixes.join(', ')})` };
	}
	return check;
}

/**
 * A list prefix: empty means the whole vault; otherwise a folder path (a trailing "/" is
 * accepted and dropped) with the same segment rules as a note path.
 */
export function checkListPrefix(value: unknown): PathCheck {
	if (value === undefined || value === null || value === '') return { ok: true, path: '' };
	if (typeof value !== 'string') return { ok: false, reason: 'prefix must be a string' };
	const trimmed = value.endsWith('/') ? value.slice(0, -1) : value;
	return checkRelative(trimmed, 'prefix');
}

/**
 * Parses the `writePrefixes` setting (`research/,inbox/`): each entry is a folder path and is
 * normalised to end with "/", so `research` never admits `research-evil/`. A malformed entry
 * is a configuration error (thrown, the operator must fix it), not an agent mistake.
 */
export function parseWritePrefixes(setting: unknown): string[] {
	if (typeof setting !== 'string') throw new Error('writePrefixes must be a comma-separated string');
	const prefixes: string[] = [];
	for (const raw of setting.split(',')) {
		const entry = raw.trim();
		if (entry === '') continue;
		const check = checkListPrefix(entry);
		if (!check.ok || check.path === '') {
			throw new Error(`writePrefixes entry "${entry}" is not a folder path inside the vault (${check.ok ? 'empty' : check.reason})`);
		}
		prefixes.push(`${check.path}/`);
	}
	return prefixes;
}

/**
 * The `vaultPath` setting: absolute, or `~/...` (expanded on the host to the SSH user's home).
 * Operator data, but it travels as a command argument, so it is held to printable characters.
 */
export function checkVaultPath(setting: unknown): PathCheck {
	if (typeof setting !== 'string' || setting.trim() === '') return { ok: false, reason: 'vaultPath is empty' };
	if (FORBIDDEN_CLASSES.test(setting)) return { ok: false, reason: 'vaultPath contains a control character' };
	const value = setting.trim();
	if (!value.startsWith('/') && !value.startsWith('~/') && value !== '~') {
		return { ok: false, reason: 'vaultPath must be absolute or start with ~/' };
	}
	if (value.split('/').some((segment) => segment === '..')) return { ok: false, reason: 'vaultPath contains ".."' };
	return { ok: true, path: value };
}
