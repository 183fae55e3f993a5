import { AmbiguousNameError, exactMatch } from '../../../../generator/n8nClient/exactName';

/** What GET /workflows?name=Hermes MCP Tools returns: a case-insensitive substring match. */
const substringResults = [
	{ id: '1', name: 'Hermes MCP Tools - ops' },
	{ id: '2', name: 'Old Hermes MCP Tools' },
	{ id: '3', name: 'hermes mcp tools' },
	{ id: '4', name: 'Hermes MCP Tools ' },
	{ id: '5', name: 'Hermes MCP Tools', isArchived: true },
	{ id: '6', name: 'Hermes MCP Tools' },
];

describe('exactMatch (n8n name filter is a substring match)', () => {
	it('picks the one workflow named exactly, skipping near names and archived copies', () => {
		expect(exactMatch(substringResults, 'Hermes MCP Tools')?.id).toBe('6');
	});

	it.each<[string, typeof substringResults, string]>([
		['only longer names', substringResults.filter((w) => w.id === '1' || w.id === '2'), 'Hermes MCP Tools'],
		['only a different case', [{ id: '3', name: 'hermes mcp tools' }], 'Hermes MCP Tools'],
		['only a trailing space', [{ id: '4', name: 'Hermes MCP Tools ' }], 'Hermes MCP Tools'],
		['only an archived copy', [{ id: '5', name: 'Hermes MCP Tools', isArchived: true }], 'Hermes MCP Tools'],
		['nothing', [], 'Hermes MCP Tools'],
	])('finds none when there are %s', (_label, candidates, name) => {
		expect(exactMatch(candidates, name)).toBeUndefined();
	});

	it('refuses to guess between two live workflows of the same name', () => {
		const twins = [
			{ id: 'a', name: 'Hermes Gateway - Vault' },
			{ id: 'b', name: 'Hermes Gateway - Vault' },
		];
		expect(() => exactMatch(twins, 'Hermes Gateway - Vault')).toThrow(AmbiguousNameError);
		expect(() => exactMatch(twins, 'Hermes Gateway - Vault')).toThrow(expect.objectContaining({ message: expect.stringMatching(/ids a, b/), hint: expect.stringMatching(/rename or archive/) }));
	});
});
