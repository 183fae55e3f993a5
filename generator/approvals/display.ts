/**
 * How a requested call is shown to the person who approves it, as n8n expression code: the
 * notification and the approval page evaluate the same code, so both show the same text.
 *
 * What the agent sent is data an attacker may shape, so every argument is shown so that it
 * cannot pass for something else:
 * - a text in quotes, with `"` and `\` escaped; anything else as JSON; one argument per line;
 * - a line feed starts a new line, which begins `      │ ` so it never passes for another argument
 *   (in the one-line summary it is marked like the rest);
 * - a space at either end or several in a row become `⟦190 spaces⟧`; tabs, other line breaks,
 *   control, format (bidi, zero-width) and other invisible characters become
 *   `⟦U+200B zero-width space⟧`;
 * - a combining mark stacked on another, or one drawn over its letter (a strike-through), is
 *   marked `⟦U+0336 combining long stroke overlay⟧`;
 * - a link (`http://`, `https://`, `www.`) is shown defanged, `hxxps://example[.]com`, so no mail
 *   client makes it one: the only link a person gets is the approval page's;
 * - a letter of a script with Latin look-alikes (Cyrillic, Greek, Armenian, Cherokee) in a value
 *   that also holds Latin letters, and any character with a plainer compatibility twin
 *   (fullwidth, mathematical letters, ligatures), is marked `⟦е U+0435 Cyrillic⟧`;
 * - each finding is named on a `⚠` line under the argument;
 * - where a cap applies it is per argument and says how much it left out.
 * `⟦` and `⟧` in the value itself are shown as code points, so only the renderer writes them.
 */
import { quote } from '../fromAi';

export const MARK_OPEN = '\u27E6';
export const MARK_CLOSE = '\u27E7';
export const FLAG = '\u26A0';

/** Per argument, in the notification: the page shows every argument in full. */
export const NOTIFICATION_ARGUMENT_CAP = 300;
/** Changes shown in the notification (the page shows all): a screen or two of a note's lines. */
export const NOTIFICATION_CHANGE_LINES = 40;
/** Per argument, in the one-line summary (MCP answer, mail subject, page heading). */
export const SUMMARY_ARGUMENT_CAP = 60;

/** What each finding says, once per argument. */
export const FINDINGS = {
	spaces: 'spaces at its start or end, or several in a row',
	invisible: 'invisible, control or format characters',
	mixed: 'Latin mixed with look-alike letters of another script',
	foreign: 'letters of a script other than Latin',
	compat: 'characters that look like plainer ones',
	marks: 'combining marks stacked or drawn over letters',
	link: 'a link, shown defanged: do not open it from here',
} as const;

/** What begins each further line of a multi-line text in the arguments block. */
export const CONTINUATION = '      \u2502 ';

/** Names of the invisible characters a person is most likely to meet; others show their code point. */
const NAMES: Record<number, string> = {
	0x09: 'tab',
	0x0a: 'line feed',
	0x0d: 'carriage return',
	0xa0: 'no-break space',
	0xad: 'soft hyphen',
	0x61c: 'Arabic letter mark',
	0x180e: 'Mongolian vowel separator',
	0x200b: 'zero-width space',
	0x200c: 'zero-width non-joiner',
	0x200d: 'zero-width joiner',
	0x200e: 'left-to-right mark',
	0x200f: 'right-to-left mark',
	0x2028: 'line separator',
	0x2029: 'paragraph separator',
	0x202a: 'left-to-right embedding',
	0x202b: 'right-to-left embedding',
	0x202c: 'pop directional formatting',
	0x202d: 'left-to-right override',
	0x202e: 'right-to-left override',
	0x2060: 'word joiner',
	0x2066: 'left-to-right isolate',
	0x2067: 'right-to-left isolate',
	0x2068: 'first strong isolate',
	0x2069: 'pop directional isolate',
	0x3000: 'ideographic space',
	0x0334: 'combining tilde overlay',
	0x0335: 'combining short stroke overlay',
	0x0336: 'combining long stroke overlay',
	0x0337: 'combining short solidus overlay',
	0x0338: 'combining long solidus overlay',
	0xfeff: 'zero-width no-break space',
};

const LOOKALIKE_SCRIPTS = ['Cyrillic', 'Greek', 'Armenian', 'Cherokee'] as const;

/*
 * The renderer, as expression code: `(value, cap, quoted) => ({ text, found, cut })`. Written as source because
 * n8n evaluates it, never this process; an arrow with block bodies whose closing braces never meet
 * (n8n cuts an expression at `}}`). Invisible: every separator, control, format, private-use,
 * unassigned or lone surrogate code point, plus the blank letters and selectors Unicode files
 * elsewhere (Hangul fillers, braille blank, variation selectors, combining grapheme joiner) and
 * the two marks themselves.
 */
const RENDER = String.raw`((value, cap, quoted, lines) => {
	const names = ${JSON.stringify(NAMES)};
	const open = '\u27E6', close = '\u27E7';
	const invisible = /^[\p{Z}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}\u27E6\u27E7]$/u;
	const scripts = ${JSON.stringify(LOOKALIKE_SCRIPTS)};
	const scriptOf = (c) => scripts.find((s) => new RegExp('^\\p{Script=' + s + '}$', 'u').test(c));
	const hex = (c) => 'U+' + c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
	const chars = Array.from(String(value));
	const latin = chars.some((c) => /^\p{Script=Latin}$/u.test(c));
	const found = [];
	const note = (f) => found.includes(f) ? null : found.push(f);
	const parts = [];
	const overlay = /^[\u0334-\u0338\u20D2\u20D3\u20D8-\u20DA\u20E5\u20E6\u20EA\u20EB]$/u;
	const mark = /^\p{M}$/u;
	const linkAt = (k) => /^(https?:\/\/|www\.)/i.test(chars.slice(k, k + 8).join('')) && (k === 0 || !/^[\p{L}\p{N}]$/u.test(chars[k - 1]));
	let i = 0, link = false;
	while (i < chars.length) {
		const c = chars[i];
		if (lines && c === '\n') {
			link = false;
			parts.push(['\n' + ${JSON.stringify(CONTINUATION)}, 1]);
			i++;
			continue;
		}
		if (/^[\s"'<>]$/u.test(c)) link = false;
		if (linkAt(i)) {
			link = true;
			note('link');
			if (/^h$/i.test(c)) {
				// hxxp: the scheme no mail client makes a link of; the rest is shown as any text.
				parts.push([c + 'xx', 3]);
				i += 3;
				continue;
			}
		}
		if (link && c === '.') {
			parts.push(['[.]', 1]);
			i++;
			continue;
		}
		if (c === ' ') {
			let j = i;
			while (j < chars.length && chars[j] === ' ') j++;
			const n = j - i;
			if (n > 1 || i === 0 || j === chars.length) {
				parts.push([open + n + (n === 1 ? ' space' : ' spaces') + close, n]);
				note('spaces');
			} else parts.push([' ', 1]);
			i = j;
			continue;
		}
		const script = /^\p{L}$/u.test(c) ? scriptOf(c) : undefined;
		if (mark.test(c) && (overlay.test(c) || (i > 0 && mark.test(chars[i - 1])))) {
			const name = names[c.codePointAt(0)];
			parts.push([open + hex(c) + (name ? ' ' + name : ' combining mark') + close, 1]);
			note('marks');
		} else if (invisible.test(c)) {
			const name = names[c.codePointAt(0)];
			parts.push([open + hex(c) + (name ? ' ' + name : '') + close, 1]);
			note('invisible');
		} else if (script && latin) {
			parts.push([open + c + ' ' + hex(c) + ' ' + script + close, 1]);
			note('mixed');
		} else if (c.normalize('NFKC') !== c) {
			parts.push([open + c + ' ' + hex(c) + ' looks like ' + c.normalize('NFKC') + close, 1]);
			note('compat');
		} else {
			if (script) note('foreign');
			parts.push([quoted && (c === '"' || c === '\\') ? '\\' + c : c, 1]);
		}
		i++;
	}
	let text = '', used = 0, k = 0;
	while (k < parts.length && (cap <= 0 || text.length + parts[k][0].length <= cap)) {
		text += parts[k][0];
		used += parts[k][1];
		k++;
	}
	if (k < parts.length) text += open + 'cut: ' + (chars.length - used) + ' more of ' + chars.length + ' characters' + close;
	return { text, found, cut: k < parts.length };
})`;

const FINDING_TEXT = `(${JSON.stringify(FINDINGS)})`;

/** `show(value, cap)`: a value as a person reads it, strings in quotes, anything else as JSON. */
const SHOW = `((render) => (value, cap, lines) => typeof value === 'string' ? ((r) => ({ ...r, text: '"' + r.text + '"' }))(render(value, cap, true, lines === true)) : render(JSON.stringify(value) ?? 'null', cap, false, false))(${RENDER})`;

/**
 * One line per key of `object` (`  key = "value"`), each followed by its `⚠` findings; a line per
 * cut says where the whole value is. `object` is an expression body.
 */
function entryLines(object: string, separator: string, cap: number, cutNote: string): string {
	return (
		`((show, findings) => Object.entries(${object} ?? ({})).map(([key, value]) => ((r) => ['  ' + key + ${quote(separator)} + r.text]` +
		`.concat(r.found.map((f) => '      ${FLAG} ' + key + ': ' + findings[f]))` +
		`.concat(r.cut ? [${quote(`      ${cutNote}`)}] : []).join('\\n'))(show(value, ${cap}, true))).join('\\n'))(${SHOW}, ${FINDING_TEXT})`
	);
}

/** Reads JSON text that may be missing or broken; answers undefined then. */
const parsed = (jsonText: string) => `((t) => { try { return t ? JSON.parse(t) : undefined } catch (e) { return undefined } })(${jsonText})`;

/**
 * The arguments block: every argument on its own line, `cap` rendered characters each at most
 * (0: none). `argsJson` is an expression body giving the arguments as JSON text.
 */
export function argumentsText(argsJson: string, cap: number): string {
	const lines = entryLines('args', ' = ', cap, 'the approval page shows this argument in full');
	// An old request's arguments are dropped (gate.ts): its summary says what it was.
	return `((args) => args === undefined ? '  (no longer kept: see the summary above)' : ((lines) => lines === '' ? '  (none)' : lines)(${lines}))(${parsed(argsJson)})`;
}

/**
 * The target as the gate read it when the call was made (JSON text of an object), or `not read`
 * when there is none (absent, empty, `null`); `cap` rendered characters per field at most (0: none).
 */
export function targetText(targetJson: string, cap: number): string {
	const cutNote = 'the approval page shows this field in full';
	return `((target) => target === undefined || target === null ? '  not read' : typeof target === 'object' && target !== null && !Array.isArray(target) ? ${entryLines('target', ': ', cap, cutNote)} : '  ' + ${SHOW}(target, ${cap}).text)(${parsed(targetJson)})`;
}

/**
 * What the call will change, as the tool's Check Only said (JSON text of its `changes`; none:
 * ''): an Odoo update's fields, each `  field: "now" → "new"`; a vault write's lines of the note
 * as it is and as it would be, each `  - "old"`, `  + "new"` or `    "same"`. Every value goes
 * through the renderer, its findings on `⚠` lines under it; `cap` per value and `maxLines`
 * changes at most, then how many more (0: no limit).
 */
export function changesText(changesJson: string, cap: number, maxLines = 0): string {
	// A run break (`…`) is the node's own word, never note text: it is not rendered as a value.
	const line = `(c, rs) => typeof c.field === 'string' ? '  ' + c.field + ': ' + rs[0].text + ' \u2192 ' + rs[1].text : c.op === '\u2026' ? '  \u2026' + (typeof c.text === 'string' ? ' ' + c.text : '') : '  ' + (c.op === '+' || c.op === '-' ? c.op : ' ') + ' ' + rs[0].text`;
	const values = `(c) => typeof c.field === 'string' ? [show(c.current, ${cap}), show(c.new, ${cap})] : c.op === '\u2026' ? [] : [show(String(c.text ?? ''), ${cap})]`;
	const flags = `(rs) => [...new Set(rs.flatMap((r) => r.found))].map((f) => '\\n      ${FLAG} ' + findings[f]).join('')`;
	const more = maxLines > 0 ? `(changes.length > ${maxLines} ? ${JSON.stringify('\n  \u2026 ')} + (changes.length - ${maxLines}) + ${quote(' more: the approval page shows every change')} : '')` : `''`;
	const shown = maxLines > 0 ? `changes.slice(0, ${maxLines})` : 'changes';
	return `((changes, show, findings) => Array.isArray(changes) ? ${shown}.map((c) => ((rs) => (${line})(c, rs) + (${flags})(rs))((${values})(c))).join('\\n') + ${more} : '')(${parsed(changesJson)}, ${SHOW}, ${FINDING_TEXT})`;
}

/**
 * `tool(key="value", ...)` on one line, each value rendered and capped. `tool` and `args` are
 * expression bodies (the tool's name, an object of its arguments).
 */
export function summaryText(tool: string, args: string): string {
	const each = `Object.entries(${args} ?? ({})).map(([key, value]) => key + '=' + show(value, ${SUMMARY_ARGUMENT_CAP}).text).join(', ')`;
	return `((show) => String(${tool}) + '(' + ${each} + ')')(${SHOW})`;
}
