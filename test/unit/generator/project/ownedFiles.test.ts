/** The list of files generate owns in its output folder: what it writes and which lines it trusts. */
import { ownedListText, parseOwnedList } from '../../../../generator/project/ownedFiles';

describe('the owned-files list', () => {
	it('holds the names sorted and once each, and reads back the same', () => {
		const names = ['hermes-mcp-tools.json', 'hermes-approval-page.json', 'hermes-mcp-tools.json'];
		const text = ownedListText(names);
		expect(text.endsWith('\n')).toBe(true);
		expect(parseOwnedList(text)).toEqual(['hermes-approval-page.json', 'hermes-mcp-tools.json']);
	});

	it.each([
		['hermes-mcp-tools.json', true],
		['hermes-approval-crm-delete-lead.json', true],
		['  hermes-gateway-vault.json  ', true],
		['# a comment.json', false],
		['', false],
		['notes.txt', false],
		['../outside.json', false],
		['sub/dir.json', false],
		['/etc/passwd.json', false],
		['..\\outside.json', false],
	])('%j is taken as an owned file: %s', (line, owned) => {
		expect(parseOwnedList(`${line}\n`)).toEqual(owned ? [line.trim()] : []);
	});
});
