/**
 * What the person is shown of a requested call: the display expressions evaluated by n8n's own
 * expression engine (n8n-workflow's `Expression`, the engine the editor runs and n8n's `legacy`
 * one; the approvals e2e runs the same code in n8n's default engine).
 */
import { Expression } from 'n8n-workflow';

import { argumentsText, changesText, CONTINUATION, FINDINGS, FLAG, MARK_CLOSE, MARK_OPEN, NOTIFICATION_ARGUMENT_CAP, summaryText, SUMMARY_ARGUMENT_CAP, targetText } from '../../../../generator/approvals/display';
import { safeExpression } from '../../../../generator/builders/nodeParts';

function evaluate(body: string, json: Record<string, unknown>): string {
	const value = new Expression('UTC').resolveSimpleParameterValue(safeExpression(body), { $json: json } as never);
	return String(value);
}

const shownArguments = (args: Record<string, unknown>, cap = 0) => evaluate(argumentsText('$json.args_json', cap), { args_json: JSON.stringify(args) });
/** The one argument's line and the finding lines under it. */
const shown = (value: unknown) => shownArguments({ v: value }).split('\n');
const findingsOf = (value: unknown) =>
	shown(value)
		.filter((line) => line.includes(FLAG))
		.map((line) => Object.entries(FINDINGS).find(([, text]) => line.endsWith(text))?.[0]);

describe('an argument as the person sees it', () => {
	it.each([
		// case, value, what the argument line shows, findings
		['plain ASCII', 'restart', '"restart"', []],
		['one space between words', 'see you now', '"see you now"', []],
		['190 trailing spaces', 'restart' + ' '.repeat(190), `"restart${MARK_OPEN}190 spaces${MARK_CLOSE}"`, ['spaces']],
		['one leading space', ' blog', `"${MARK_OPEN}1 space${MARK_CLOSE}blog"`, ['spaces']],
		['two spaces inside', 'a  b', `"a${MARK_OPEN}2 spaces${MARK_CLOSE}b"`, ['spaces']],
		['a tab', 'a\tb', `"a${MARK_OPEN}U+0009 tab${MARK_CLOSE}b"`, ['invisible']],
		['a carriage return', 'blog\rweb', `"blog${MARK_OPEN}U+000D carriage return${MARK_CLOSE}web"`, ['invisible']],
		['a strike-through overlay', 'a\u0336b', `"a${MARK_OPEN}U+0336 combining long stroke overlay${MARK_CLOSE}b"`, ['marks']],
		['marks stacked on one letter', 'e\u0301\u0301\u0301', `"e\u0301${MARK_OPEN}U+0301 combining mark${MARK_CLOSE}${MARK_OPEN}U+0301 combining mark${MARK_CLOSE}"`, ['marks']],
		['one accent as a combining mark is plain', 'cafe\u0301', '"cafe\u0301"', []],
		['a link: its scheme and dots defanged', 'see https://evil.example/approve?id=1 now', '"see hxxps://evil[.]example/approve?id=1 now"', ['link']],
		['a www. address', 'www.evil.example', '"www[.]evil[.]example"', ['link']],
		['an HTTP link in capitals', 'HTTP://a.b', '"HxxP://a[.]b"', ['link']],
		['a look-alike inside a link is still marked', 'https://p\u0430ypal.com', `"hxxps://p${MARK_OPEN}\u0430 U+0430 Cyrillic${MARK_CLOSE}ypal[.]com"`, ['link', 'mixed']],
		['a dot outside a link is plain', 'notes.md', '"notes.md"', []],
		['a zero-width space', 'bl\u200Bog', `"bl${MARK_OPEN}U+200B zero-width space${MARK_CLOSE}og"`, ['invisible']],
		['a zero-width joiner', 'a\u200Db', `"a${MARK_OPEN}U+200D zero-width joiner${MARK_CLOSE}b"`, ['invisible']],
		['a right-to-left override', '\u202Egnp.exe', `"${MARK_OPEN}U+202E right-to-left override${MARK_CLOSE}gnp.exe"`, ['invisible']],
		['a right-to-left isolate', 'a\u2067b', `"a${MARK_OPEN}U+2067 right-to-left isolate${MARK_CLOSE}b"`, ['invisible']],
		['a no-break space', 'a\u00A0b', `"a${MARK_OPEN}U+00A0 no-break space${MARK_CLOSE}b"`, ['invisible']],
		['a Hangul filler (blank, yet a letter)', 'a\u3164b', `"a${MARK_OPEN}U+3164${MARK_CLOSE}b"`, ['invisible']],
		['a Cyrillic e among Latin letters', 'r\u0435start', `"r${MARK_OPEN}\u0435 U+0435 Cyrillic${MARK_CLOSE}start"`, ['mixed']],
		['a Greek omicron among Latin letters', 'bl\u03BFg', `"bl${MARK_OPEN}\u03BF U+03BF Greek${MARK_CLOSE}g"`, ['mixed']],
		['fullwidth letters', '\uFF42log', `"${MARK_OPEN}\uFF42 U+FF42 looks like b${MARK_CLOSE}log"`, ['compat']],
		['only Cyrillic: readable, and said', '\u0418\u0432\u0430\u043D\u043E\u0432', '"\u0418\u0432\u0430\u043D\u043E\u0432"', ['foreign']],
		['accented Latin is plain Latin', 'M\u00FCller', '"M\u00FCller"', []],
		['the marks themselves cannot be typed in', `a${MARK_OPEN}190 spaces${MARK_CLOSE}`, `"a${MARK_OPEN}U+27E6${MARK_CLOSE}190 spaces${MARK_OPEN}U+27E7${MARK_CLOSE}"`, ['invisible']],
		['quotes and backslashes escaped', 'a" b\\', '"a\\" b\\\\"', []],
		['a number', 42, '42', []],
		['null', null, 'null', []],
		['an object, as JSON', { a: 'b\u200Bc' }, `{"a":"b${MARK_OPEN}U+200B zero-width space${MARK_CLOSE}c"}`, ['invisible']],
	])('%s', (_case, value, line, findings) => {
		expect(shown(value)[0]).toBe(`  v = ${line}`);
		expect(findingsOf(value)).toEqual(findings);
	});

	it('a multi-line text reads as lines, each further one begun so it cannot pass for another argument', () => {
		const lines = shownArguments({ content: 'Meeting\n- item one\n  stack = "web"', path: 'a.md' }).split('\n');
		expect(lines).toEqual(['  content = "Meeting', `${CONTINUATION}- item one`, `${CONTINUATION}${MARK_OPEN}2 spaces${MARK_CLOSE}stack = \\"web\\""`, '      \u26A0 content: spaces at its start or end, or several in a row', '  path = "a.md"']);
	});

	it('the one-line summary marks a line feed instead of breaking the line', () => {
		expect(evaluate(summaryText("'vault_write'", '$json.args'), { args: { content: 'a\nb' } })).toBe(`vault_write(content="a${MARK_OPEN}U+000A line feed${MARK_CLOSE}b")`);
	});

	it('several findings of one argument each get a line', () => {
		expect(findingsOf('r\u0435start\u200B  ')).toEqual(['mixed', 'invisible', 'spaces']);
	});

	it('every argument on its own line, in order; none gives (none)', () => {
		const lines = shownArguments({ action: 'restart', stack: 'blog' }).split('\n');
		expect(lines).toEqual(['  action = "restart"', '  stack = "blog"']);
		expect(shownArguments({})).toBe('  (none)');
	});

	it.each([
		['dropped (an old request)', ''],
		['broken JSON', '{"action":'],
	])('arguments %s are said to be no longer kept, never shown as none', (_what, argsJson) => {
		expect(evaluate(argumentsText('$json.args_json', 0), { args_json: argsJson })).toBe('  (no longer kept: see the summary above)');
	});

	it('a cap is per argument and says what it left out; no cap shows all', () => {
		const long = 'x'.repeat(NOTIFICATION_ARGUMENT_CAP + 50);
		const lines = shownArguments({ a: long, b: 'short' }, NOTIFICATION_ARGUMENT_CAP).split('\n');
		expect(lines[0]).toBe(`  a = "${'x'.repeat(NOTIFICATION_ARGUMENT_CAP)}${MARK_OPEN}cut: 50 more of ${long.length} characters${MARK_CLOSE}"`);
		expect(lines[1]).toBe('      the approval page shows this argument in full');
		expect(lines[2]).toBe('  b = "short"');
		expect(shownArguments({ a: long }, 0)).toBe(`  a = "${long}"`);
	});

	it('a cap never splits a mark', () => {
		const value = 'x'.repeat(NOTIFICATION_ARGUMENT_CAP - 3) + '\u200B';
		expect(shownArguments({ a: value }, NOTIFICATION_ARGUMENT_CAP).split('\n')[0]).toBe(`  a = "${'x'.repeat(NOTIFICATION_ARGUMENT_CAP - 3)}${MARK_OPEN}cut: 1 more of ${value.length} characters${MARK_CLOSE}"`);
	});
});

describe('the target', () => {
	const target = (json: Record<string, unknown>) => evaluate(targetText('$json.target_json', 0), json);

	it.each([
		['absent (no target read)', {}, '  not read'],
		['empty', { target_json: '' }, '  not read'],
		['broken JSON', { target_json: '{' }, '  not read'],
		['null (a tool without a target)', { target_json: 'null' }, '  not read'],
		['a Docker stack with its containers', { target_json: JSON.stringify({ stack: 'blog', containers: [{ name: 'blog-web-1', state: 'running' }] }) }, '  stack: "blog"\n  containers: [{"name":"blog-web-1","state":"running"}]'],
		['an Odoo record', { target_json: JSON.stringify({ name: 'Big Deal ACME 1M', expected_revenue: 1000000 }) }, '  name: "Big Deal ACME 1M"\n  expected_revenue: 1000000'],
		['a text', { target_json: JSON.stringify('running') }, '  "running"'],
		['a look-alike in a record name', { target_json: JSON.stringify({ name: 'Big D\u0435al' }) }, `  name: "Big D${MARK_OPEN}\u0435 U+0435 Cyrillic${MARK_CLOSE}al"\n      ${FLAG} name: ${FINDINGS.mixed}`],
	])('%s', (_case, json, text) => {
		expect(target(json)).toBe(text);
	});
});

describe('the one-line summary', () => {
	const summary = (args: Record<string, unknown>) => evaluate(summaryText("'docker_manage'", 'JSON.parse($json.args_json)'), { args_json: JSON.stringify(args) });

	it('names the tool and every argument, rendered', () => {
		expect(summary({ action: 'restart' + ' '.repeat(190), stack: 'blog' })).toBe(`docker_manage(action="restart${MARK_OPEN}190 spaces${MARK_CLOSE}", stack="blog")`);
	});

	it('caps each argument, so a long one cannot push the next out of sight', () => {
		const text = summary({ action: 'x'.repeat(500), stack: 'blog' });
		expect(text).toContain(`${MARK_OPEN}cut: ${500 - SUMMARY_ARGUMENT_CAP} more of 500 characters${MARK_CLOSE}`);
		expect(text.endsWith(', stack="blog")')).toBe(true);
	});

	it('holds no line break, whatever the arguments hold', () => {
		expect(summary({ action: 'a\nb\r\u2028c' })).not.toMatch(/[\n\r\u2028]/);
	});
});

describe('what will change', () => {
	const changes = (value: unknown, cap = 0) => evaluate(changesText('$json.changes_json', cap), { changes_json: value === undefined ? '' : JSON.stringify(value) });

	it.each<[string, unknown, string]>([
		['none (a tool that says nothing of it)', undefined, ''],
		['null', null, ''],
		['not a list', { field: 'name' }, ''],
		['an Odoo update: the field, its value now and the value it gets', [{ field: 'probability', current: 10, new: 60 }], '  probability: 10 \u2192 60'],
		['a many2one now and a new id', [{ field: 'stage_id', current: [1, 'New'], new: 3 }], '  stage_id: [1,"New"] \u2192 3'],
		['text now and new text', [{ field: 'name', current: 'Big Deal', new: 'Bigger Deal' }], '  name: "Big Deal" \u2192 "Bigger Deal"'],
		[
			'a vault overwrite: removed, added and unchanged lines, a … between runs',
			[{ op: ' ', text: 'line 1' }, { op: '-', text: 'old' }, { op: '+', text: 'new' }, { op: '…' }, { op: '+', text: 'end' }],
			'    "line 1"\n  - "old"\n  + "new"\n  \u2026\n  + "end"',
		],
		['a note not compared: the reason, not as note text', [{ op: '…', text: 'the change is not shown' }], '  \u2026 the change is not shown'],
	])('%s', (_what, value, expected) => {
		expect(changes(value)).toBe(expected);
	});

	it('an added line is rendered as any argument: its look-alike marked and flagged, a link defanged', () => {
		expect(changes([{ op: '+', text: 'see https://evil.example now' }]).split('\n')).toEqual(['  + "see hxxps://evil[.]example now"', `      ${FLAG} ${FINDINGS.link}`]);
		expect(changes([{ field: 'name', current: 'Deal', new: 'D\u0435al' }]).split('\n')).toEqual([`  name: "Deal" \u2192 "D${MARK_OPEN}\u0435 U+0435 Cyrillic${MARK_CLOSE}al"`, `      ${FLAG} ${FINDINGS.mixed}`]);
	});

	it('a cap is per value', () => {
		expect(changes([{ op: '+', text: 'x'.repeat(50) }], 10)).toBe(`  + "${'x'.repeat(10)}${MARK_OPEN}cut: 40 more of 50 characters${MARK_CLOSE}"`);
	});
});

describe('what will change, in the notification', () => {
	it.each([
		[40, 40, ''],
		[41, 40, '\n  \u2026 1 more: the approval page shows every change'],
		[3000, 40, '\n  \u2026 2960 more: the approval page shows every change'],
	])('%i changed lines, %i shown: then how many more', (count, shownCount, tail) => {
		const value = Array.from({ length: count }, (_, i) => ({ op: '+', text: `line ${i + 1}` }));
		const text = evaluate(changesText('$json.changes_json', NOTIFICATION_ARGUMENT_CAP, 40), { changes_json: JSON.stringify(value) });
		expect(text).toBe(value.slice(0, shownCount).map((c) => `  + "${c.text}"`).join('\n') + tail);
	});
});
