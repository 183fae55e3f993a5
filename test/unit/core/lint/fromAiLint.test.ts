import { extractFromAICalls } from 'n8n-workflow';

import { FROM_AI_KEY_PATTERN } from '../../../../generator/fromAi';
import { lintFromAiCalls } from '../../../../core/lint/fromAiLint';

const one = (text: string) => {
	const calls = lintFromAiCalls(text);
	expect(calls).toHaveLength(1);
	return calls[0];
};

describe('$fromAI scanner', () => {
	it.each([
		["={{ $fromAI('query', 'Text to find') }}", { key: 'query', description: 'Text to find', type: 'string', hasDefault: false }],
		["={{ $fromAI('n', 'A number', 'number', 3) }}", { key: 'n', type: 'number', hasDefault: true, defaultValue: '3' }],
		['={{ $fromAI("flag", "On?", "Boolean", false) }}', { key: 'flag', type: 'boolean', defaultValue: 'false' }],
		["={{ $fromAI('body', 'Payload', 'json', '{\"a\": 1}') }}", { key: 'body', type: 'json', defaultValue: '{"a": 1}' }],
		["={{ $fromAI('note', 'It\\'s (a) note, with commas', 'string', '') }}", { key: 'note', description: "It's (a) note, with commas", defaultValue: '' }],
		['={{ $fromAI(`key-1`, `Back, ticks`) }}', { key: 'key-1', description: 'Back, ticks' }],
		["={{ $fromai('lower', 'n8n matches any case') }}", { key: 'lower' }],
	])('reads %s', (text, expected) => {
		const call = one(text);
		expect(call.problems).toEqual([]);
		expect(call).toMatchObject(expected);
	});

	it.each([
		["$fromAI('bad key', 'd')", /invalid key "bad key"/],
		[`$fromAI('${'k'.repeat(65)}', 'd')`, /invalid key/],
		["$fromAI('', 'd')", /invalid key ""/],
		['$fromAI(key, "d")', /key must be a quoted string, got `key`/],
		['$fromAI()', /takes 1 to 4 arguments.*got 0/],
		["$fromAI('k', 'd', 'text')", /unknown type "text"/],
		["$fromAI('k', 'd', type)", /type must be a quoted string/],
		["$fromAI('limit', 100, 'number')", /`100` is the 2nd argument, so n8n reads it as the description and the key has no default/],
		["$fromAI('k', 'd', 'string', $json.name)", /default `\$json.name` is not a literal/],
		["$fromAI('k', 'd', 'string', 'a' + 'b')", /default `'a' \+ 'b'` is not a literal/],
		['$fromAI(\'k\', \'d\', \'string\', `${x}`)', /is not a literal/],
		["$fromAI('k', 'd', 'number', 'ten')", /is not a number/],
		["$fromAI('k', 'd', 'boolean', 'yes')", /is not true or false/],
		["$fromAI('k', 'd', 'json', '[1')", /not a quoted JSON object or array/],
		["={{ $fromAI('k', 'd' }}", /unbalanced parentheses/],
		["={{ $fromAI('k, 'd') }}", /unterminated ' quote/],
	])('reports %s', (text, problem) => {
		const call = one(text);
		expect(call.problems.join('\n')).toMatch(problem);
	});

	it.each([
		["$fromAI('k', description)", /description should be a quoted string, got `description`/],
		["$fromAI('k', 'd', 'string', '', 'extra')", /got 5: n8n ignores the rest/],
		['$fromAI(\'tags\', \'Tags\', \'json\', ["a", "b"])', /cut at its commas: n8n's tool schema gets `\["a"` as the default/],
		['$fromAI(\'o\', \'Filter\', \'json\', {"a": 1, "b": 2})', /cut at its commas: n8n's tool schema gets `\{"a": 1` as the default/],
	])('warns (no error) on %s', (text, warning) => {
		const call = one(text);
		expect(call.problems).toEqual([]);
		expect(call.warnings.join('\n')).toMatch(warning);
	});

	it('reads a JSON default with commas as n8n-workflow does: cut at the first comma', () => {
		const [n8n] = extractFromAICalls('$fromAI(\'tags\', \'Tags\', \'json\', ["a", "b"])');
		expect(n8n.defaultValue).toBe('["a"');
	});

	it('reads a number in 2nd place as n8n-workflow does: the description, and no default', () => {
		const [n8n] = extractFromAICalls("$fromAI('limit', 100, 'number')");
		expect([n8n.description, n8n.defaultValue]).toEqual(['100', undefined]);
	});

	it.each(["$fromAI('f', 'Filter', 'json', {})", "$fromAI('f', 'Ids', 'json', [])", '$fromAI(\'f\', \'Filter\', \'json\', {"a": 1})'])(
		'accepts %s: n8n-workflow parses an unquoted JSON object or array default of a json key',
		(text) => {
			const call = one(text);
			expect(call.problems).toEqual([]);
			expect(call.hasDefault).toBe(true);
			const [n8n] = extractFromAICalls(text);
			expect(typeof n8n.defaultValue).toBe('object');
			expect(JSON.parse(call.defaultValue!)).toEqual(n8n.defaultValue);
		},
	);

	it.each(["$fromAI('s', 'd', 'string', {})", '$fromAI(\'s\', \'A JSON filter\', \'string\', {"status":"open"})', "$fromAI('s', 'd', 'string', [])"])(
		'accepts %s: a string key takes unquoted JSON text as written, the text meant',
		(text) => {
			const call = one(text);
			expect(call.problems).toEqual([]);
			const [n8n] = extractFromAICalls(text);
			expect(n8n.defaultValue).toBe(text.slice(text.lastIndexOf(', ') + 2, -1));
			expect(call.defaultValue).toBe(n8n.defaultValue);
		},
	);

	it.each(["$fromAI('s', 'd', 'string', open)", "$fromAI('j', 'd', 'json', null)", "$fromAI('b', 'd', 'boolean', True)"])(
		'still reports %s (not a JSON default of a json or string key, or not valid at run time)',
		(text) => {
			expect(one(text).problems.join('\n')).toMatch(/is not a literal/);
		},
	);

	it('gives offsets of the call and of each argument', () => {
		const text = "={{ $fromAI('a', 'x') }} and {{ $fromAI( 'b' ) }}";
		const calls = lintFromAiCalls(text);
		expect(calls.map((c) => [c.offset, c.text])).toEqual([
			[4, "$fromAI('a', 'x')"],
			[32, "$fromAI( 'b' )"],
		]);
		expect(calls[1].args.map((a) => text.slice(a.offset, a.offset + a.raw.length))).toEqual(["'b'"]);
	});

	it('reads keys, descriptions, types and defaults as n8n-workflow does', () => {
		const texts = [
			"={{ $fromAI('query', 'Text to find') }}",
			"={{ $fromAI('n', 'A number', 'number', 3) }}",
			"={{ $fromAI('note', 'It\\'s (a) note, with commas', 'string', '') }}",
			'={{ $fromAI("flag", "On?", "boolean", true) }} / {{ $fromAI(`t`, `d`, `json`) }}',
			"={{ $fromAI('j', 'back\\\\\\\\slash, \\\\\\' and \\\\n') }}",
		];
		for (const text of texts) {
			const ours = lintFromAiCalls(text).map((c) => ({ key: c.key, description: c.description, type: c.type }));
			const n8n = extractFromAICalls(text).map((c) => ({ key: c.key, description: c.description, type: c.type }));
			expect(ours).toEqual(n8n);
		}
	});

	it.each([
		"={{ $fromAI('outer', 'x', 'string', $fromAI('inner')) }}",
		"={{ $fromAI('h', 'says $fromAI(x) in its text') }}",
		"={{ $fromAI('a', 'x',) }} {{ $fromAI('b') }}",
	])('finds the calls n8n-workflow finds in %s (a key lint refuses is left unset)', (text) => {
		const calls = lintFromAiCalls(text);
		const ours = calls.map((c) => ({ key: c.key, type: c.type }));
		const n8n = extractFromAICalls(text).map((c, i) => ({ key: calls[i]?.key === undefined ? undefined : c.key, type: c.type }));
		expect(ours).toEqual(n8n);
		expect(calls.filter((c) => c.key !== undefined).every((c) => FROM_AI_KEY_PATTERN.test(c.key!))).toBe(true);
	});

	it('reports a problem wherever n8n-workflow refuses the call', () => {
		for (const text of ["$fromAI('k', 'd', 'text')", "$fromAI('k', 'd'", "$fromAI('k, 'd')", "$fromAI('k', 'd', )", "$fromAI('k', $fromAI('j', 'd'))"]) {
			expect(() => extractFromAICalls(text)).toThrow();
			expect(lintFromAiCalls(text)[0].problems.length).toBeGreaterThan(0);
		}
	});
});

describe('a JSON default with commas, quoted: what the cut-default warning advises', () => {
	it.each(["$fromAI('p', 'JSON', 'json', '{\"a\":1,\"b\":2}')", "$fromAI('p', 'JSON text', 'string', '[1,2,3]')"])('%s keeps its commas, in n8n and in lint', (text) => {
		const call = lintFromAiCalls(text)[0];
		expect([call.problems, call.warnings]).toEqual([[], []]);
		const [n8n] = extractFromAICalls(text);
		expect(JSON.stringify(n8n.defaultValue)).toContain(',');
	});
});
