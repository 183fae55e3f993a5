import { nodeNameToToolName as n8nNodeNameToToolName } from 'n8n-workflow';

import { nodeNameToToolName, toolNameOf, TOOL_NAME_PATTERN } from '../../../../core/lint/toolName';

// The linter restates n8n's tool-name mangling (no runtime dependency on n8n-workflow);
// this table pins it to n8n-workflow's own function, the one the MCP trigger calls.
const NAMES = [
	'vault_read',
	'Vault Read',
	'odoo: list projects',
	'  spaced  out  ',
	'émoji 🚀 tool',
	'a/b\\c.d',
	'already-valid_Name-1',
	'___',
	'',
	'x'.repeat(64),
	'x'.repeat(65),
	`${'x'.repeat(63)} y`,
	`${'x'.repeat(62)}--y`,
	`${'x'.repeat(63)}_-z`,
	'名前',
];

test.each(NAMES.map((name) => [JSON.stringify(name), name]))('%s is mangled as n8n does', (_label, name) => {
	expect(nodeNameToToolName(name)).toBe(n8nNodeNameToToolName(name));
});

test('a mangled name fits the pattern MCP clients accept, unless nothing is left of it', () => {
	for (const name of NAMES.filter((n) => /[A-Za-z0-9]/.test(n))) expect(nodeNameToToolName(name)).toMatch(TOOL_NAME_PATTERN);
});

test('toolWorkflow up to 2.1 takes a literal name parameter, later versions the node name', () => {
	const node = (typeVersion: number) => ({
		name: 'Read a note',
		type: '@n8n/n8n-nodes-langchain.toolWorkflow',
		typeVersion,
		parameters: { name: 'vault_read' },
		disabled: false,
		index: 1,
	});
	expect(toolNameOf(node(2.1))).toEqual({ name: 'vault_read', raw: 'vault_read', source: 'parameter "name"' });
	expect(toolNameOf(node(2.2))).toEqual({ name: 'Read_a_note', raw: 'Read a note', source: 'node name' });
});
