import type { INodeProperties } from 'n8n-workflow';

import { LIMITS } from './limits';
import { VAULT } from './contract';

/** Parameter names and setting defaults come from the node's contract, which the workflow generator imports. */
export const vaultProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: VAULT.params.operation,
		type: 'options',
		// The gateway sub-workflow sets the operation from an expression ({{ $json.vaultAction }}).
		noDataExpression: false,
		options: [
			{
				name: 'Search',
				value: 'search',
				description: `Case-insensitive fixed-string search over tracked notes (${LIMITS.searchMatchesPerFile} matches per file, ${LIMITS.searchLines} in total)`,
				action: 'Search the vault',
			},
			{ name: 'List', value: 'list', description: `Tracked files, optionally under a folder (at most ${LIMITS.listEntries})`, action: 'List vault files' },
			{
				name: 'Read',
				value: 'read',
				description: `Read a note (at most ${LIMITS.readChars} characters) and its contentHash`,
				action: 'Read a vault note',
			},
			{
				name: 'Write',
				value: 'write',
				description: 'Create or overwrite a note under an allowed folder; overwriting needs the contentHash from Read',
				action: 'Write a vault note',
			},
		],
		default: 'search',
	},
	{
		displayName: 'Query',
		name: VAULT.params.query,
		type: 'string',
		default: '',
		placeholder: 'research/topic.md',
		description:
			'Search: the text to find (one line, matched literally). List: a folder prefix, or empty for the whole vault. Read and Write: the note path, relative to the vault, ending in .md.',
	},
	{
		displayName: 'Content',
		name: VAULT.params.content,
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		displayOptions: { show: { operation: ['write'] } },
		description: `Full text of the note (UTF-8, at most ${LIMITS.writeBytes} bytes)`,
	},
	{
		displayName: 'Base Hash',
		name: VAULT.params.baseHash,
		type: 'string',
		default: '',
		displayOptions: { show: { operation: ['write'] } },
		description: 'The contentHash returned by Read. Required to overwrite an existing note; leave empty to create a new one.',
	},
	{
		displayName: 'Vault Path',
		name: VAULT.params.vaultPath,
		type: 'string',
		default: '~/vaults/vps-vault',
		description: 'Top of the git work tree on the SSH host: absolute, or ~/... for the SSH user\'s home.',
	},
	{
		displayName: 'Write Prefixes',
		name: VAULT.params.writePrefixes,
		type: 'string',
		default: 'research/,inbox/',
		description: 'Comma-separated folders that Write may create or change notes in. Everything else in the vault is read-only.',
	},
];
