/** The $fromAI builder and parser, checked against n8n-workflow's own parser. */
import { extractFromAICalls } from 'n8n-workflow';

import { TRIGGER_NAME } from '../../../../generator/builders';
import type { ParameterSpec } from '../../../../generator/toolSpec/schema';
import { collectFromAiCalls, extractFromAiCalls, FromAiParseError, fromAiCall } from '../../../../generator/fromAi';
import { generated } from '../fixtures';

/** n8n's FromAIArgument fields only (ours adds `raw`). */
const ours = (text: string) => extractFromAiCalls(text).map(({ key, description, type, defaultValue }) => ({ key, description, type, defaultValue }));

function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(strings);
	if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
	return [];
}

describe('$fromAI builder', () => {
	const cases: Array<[string, ParameterSpec, string]> = [
		['required string', { key: 'path', type: 'string', description: 'A path', required: true }, "$fromAI('path', 'A path', 'string')"],
		['optional string', { key: 'q', type: 'string', description: 'Q', required: false, default: '' }, "$fromAI('q', 'Q', 'string', '')"],
		['optional number', { key: 'n', type: 'number', description: 'N', required: false, default: 3 }, "$fromAI('n', 'N', 'number', 3)"],
		['optional boolean', { key: 'b', type: 'boolean', description: 'B', required: false, default: false }, "$fromAI('b', 'B', 'boolean', false)"],
		['quote in default', { key: 's', type: 'string', description: 'S', required: false, default: "it's" }, "$fromAI('s', 'S', 'string', 'it\\'s')"],
	];
	it.each(cases)('%s', (_label, param, expected) => {
		expect(fromAiCall(param)).toBe(expected);
		const [call] = extractFromAICalls(expected);
		expect(call.key).toBe(param.key);
		expect(call.defaultValue).toEqual(param.required ? undefined : param.default);
	});
});

describe('$fromAI parser', () => {
	it('reads every expression of the generated workflows exactly as n8n does', () => {
		const texts = generated().files.flatMap((f) => (f.workflow ? strings(f.workflow) : []));
		const withCalls = texts.filter((t) => t.includes('$fromAI'));
		expect(withCalls.length).toBeGreaterThan(40);
		for (const text of withCalls) expect(ours(text)).toEqual(extractFromAICalls(text));
	});

	const edge = [
		"={{ $fromAI('a', 'with, comma (and parens)', 'string', 'x') }}",
		'={{ $fromAI("b", "double \\"quoted\\"", "number", 0) }}',
		"={{ $fromAI(`c`) }}",
		"={{ $FROMAI('d', 'upper', 'BOOLEAN', true) }}",
		"={{ $fromAI('e', 'json', 'json', {\"a\":1}) }}",
		"={{ $fromAI('f', 'neg', 'number', -1.5) + $fromAI('g', 'two', 'string') }}",
		"={{ $fromAI('h', 'says $fromAI(x) in its text') }}",
		"={{ $fromAI('outer', 'x', 'string', $fromAI('inner')) }}",
		"={{ $fromAI('i', 'trailing comma',) }}",
		"={{ $fromAI('j', 'back\\\\slash \\' quote', 'string', 'a\\,b') }}",
		"={{ $fromAI('k', \"mixed 'quotes'\", 'json', '[1, 2]') }}",
		"={{ $fromAI('l', 'x', 'boolean', TRUE) }}",
		"={{ $fromAI('m', 'x', 'number', 'ten') }}",
		"={{ $fromAI('n', 'x', 'string', 1, 'extra') }}",
		'={{ $fromAI() }}',
		'no call here',
	];
	it.each(edge)('agrees with n8n on %s', (text) => {
		expect(ours(text)).toEqual(extractFromAICalls(text));
	});

	const bad = [
		["={{ $fromAI('a', 'x', 'date') }}", /Invalid type/],
		["={{ $fromAI('a', 'x' }}", /Unbalanced/],
		["={{ $fromAI('a', 'x', ) }}", /Invalid type/],
		["={{ $fromAI('a') + $fromAI('b', 'x', 'date') }}", /Invalid type/],
		["={{ $fromAI('outer', $fromAI('inner', 'nested')) }}", /Invalid type/],
		["={{ $fromAI(') }}", /Unbalanced/],
	] as const;
	it.each(bad)('refuses %s like n8n', (text, message) => {
		expect(() => extractFromAiCalls(text)).toThrow(FromAiParseError);
		expect(() => extractFromAiCalls(text)).toThrow(message);
		expect(() => extractFromAICalls(text)).toThrow();
	});

	it('reports the parameter path of each call', () => {
		const node = generated().main.nodes.find((n) => n.name === 'vault_write')!;
		expect(node.name).not.toBe(TRIGGER_NAME);
		const paths = collectFromAiCalls(node.parameters).map((c) => `${c.path}:${c.key}`);
		expect(paths).toEqual([
			'workflowInputs.value.vaultQuery:path',
			'workflowInputs.value.vaultContent:content',
			'workflowInputs.value.vaultBaseHash:base_hash',
		]);
	});
});
