/**
 * The caps the default catalogue's prose tells the agent are the gateway nodes' caps. The
 * descriptions keep them as written numbers rather than building them from the contract:
 * `init` copies these files into a user's project as the text they edit (a plain string per
 * description, as the agent reads it), so this test holds every number in a gateway tool's prose
 * to the contract value it names, and fails on a number that no row accounts for.
 */
import { VAULT_LIMITS } from '../../../../core';

import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { GATEWAY_TOOLS } from '../../../helpers/defaultCatalogue';

interface CapMention {
	tool: string;
	/** Where the number stands in the tool's description; its one group is the number as written. */
	pattern: RegExp;
	/** The contract's value. */
	value: number;
}

const MENTIONS: CapMention[] = [
	{ tool: 'vault_search', pattern: /at most (\S+) matches per file/, value: VAULT_LIMITS.searchMatchesPerFile },
	{ tool: 'vault_search', pattern: /and (\S+) lines in total/, value: VAULT_LIMITS.searchLines },
	{ tool: 'vault_list', pattern: /\(at most (\S+), truncated flag/, value: VAULT_LIMITS.listEntries },
	{ tool: 'vault_read', pattern: /at most (\S+) characters/, value: VAULT_LIMITS.readChars },
	{ tool: 'vault_write', pattern: /at most (\S+) bytes/, value: VAULT_LIMITS.writeBytes },
];

/** Numbers in parameter descriptions that are examples, not caps. */
const EXAMPLES: Array<{ tool: string; param: string; number: string }> = [{ tool: 'monitoring_query', param: 'promql', number: '0' }];

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const numberOf = (written: string) => Number(written.replace(/,/g, ''));

/** What is wrong with the caps in one tool's prose; empty when every number is a contract value. */
function capProblems(tool: Pick<ToolSpec, 'name' | 'description' | 'parameters'>, mentions: readonly CapMention[]): string[] {
	const problems: string[] = [];
	let rest = tool.description;
	for (const { pattern, value } of mentions.filter((m) => m.tool === tool.name)) {
		const match = pattern.exec(rest);
		if (!match) {
			problems.push(`${tool.name}: no ${pattern} in its description`);
			continue;
		}
		if (numberOf(match[1]) !== value) problems.push(`${tool.name}: says ${match[1]}, the contract says ${value}`);
		rest = rest.replace(match[0], '');
	}
	for (const number of rest.match(NUMBER) ?? []) problems.push(`${tool.name}: ${number} in its description is no cap of the contract`);
	for (const param of tool.parameters) {
		const examples = EXAMPLES.filter((e) => e.tool === tool.name && e.param === param.key).map((e) => e.number);
		for (const number of param.description.match(NUMBER) ?? []) {
			if (!examples.includes(number)) problems.push(`${tool.name}.${param.key}: ${number} in its description is no cap of the contract`);
		}
	}
	return problems;
}

describe('caps in the catalogue prose', () => {
	it.each(GATEWAY_TOOLS.map((tool) => [tool.name, tool] as const))('%s: every number is the contract value it names', (_name, tool) => {
		expect(capProblems(tool, MENTIONS)).toEqual([]);
	});

	it('every row names a gateway tool of the catalogue', () => {
		const names = GATEWAY_TOOLS.map((tool) => tool.name);
		for (const { tool } of [...MENTIONS, ...EXAMPLES]) expect(names).toContain(tool);
	});

	const tool = (description: string, parameterDescription = 'A path') => ({
		name: 'vault_read',
		description,
		parameters: [{ key: 'path', type: 'string' as const, description: parameterDescription, required: true as const }],
	});
	const mention: CapMention[] = [{ tool: 'vault_read', pattern: /at most (\S+) characters/, value: 30_000 }];
	it.each([
		['the cap as the contract has it', tool('Reads (at most 30,000 characters).'), []],
		['the cap without a thousands separator', tool('Reads (at most 30000 characters).'), []],
		['another value', tool('Reads (at most 20,000 characters).'), ['vault_read: says 20,000, the contract says 30000']],
		['the mention gone', tool('Reads a note.'), ['vault_read: no /at most (\\S+) characters/ in its description']],
		['a number no row names', tool('Reads (at most 30,000 characters) of 5 notes.'), ['vault_read: 5 in its description is no cap of the contract']],
		['a number in a parameter', tool('Reads (at most 30,000 characters).', 'At most 64 characters'), ['vault_read.path: 64 in its description is no cap of the contract']],
	])('%s', (_what, fake, problems) => {
		expect(capProblems(fake, mention)).toEqual(problems);
	});
});
