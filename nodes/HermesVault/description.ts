import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, shownFor } from '../shared/description';
import * as list from './actions/note/list.operation';
import * as search from './actions/note/search.operation';
import * as write from './actions/note/write.operation';
import { VAULT, VAULT_LIMITS } from '../../core/vault/contract';

/** The operation, each operation's own parameters, the note path read and write share, and the operator's settings. */
export const properties: INodeProperties[] = [
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
				description: `Case-insensitive fixed-string search over tracked notes (${VAULT_LIMITS.searchMatchesPerFile} matches per file, ${VAULT_LIMITS.searchLines} in total)`,
				action: 'Search the vault',
			},
			{
				name: 'List',
				value: 'list',
				description: `Tracked files, optionally under a folder (at most ${VAULT_LIMITS.listEntries})`,
				action: 'List vault files',
			},
			{
				name: 'Read',
				value: 'read',
				description: `Read a note (at most ${VAULT_LIMITS.readChars} characters) and its contentHash`,
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
	...search.description,
	...list.description,
	{
		displayName: 'Path',
		name: VAULT.params.path,
		type: 'string',
		default: '',
		placeholder: 'research/topic.md',
		...shownFor(VAULT, 'path'),
		description: 'The note path, relative to the vault, ending in .md',
	},
	...write.description,
	{
		displayName: 'Vault Path',
		name: VAULT.params.vaultPath,
		type: 'string',
		default: settingDefault(VAULT, 'vaultPath'),
		description: "Top of the git work tree on the SSH host: absolute, or ~/... for the SSH user's home.",
	},
	{
		displayName: 'Write Prefixes',
		name: VAULT.params.writePrefixes,
		type: 'string',
		default: settingDefault(VAULT, 'writePrefixes'),
		description: 'Comma-separated folders that Write may create or change notes in. Everything else in the vault is read-only.',
	},
	{
		displayName: 'Check Only',
		name: VAULT.params.checkOnly,
		type: 'boolean',
		// n8n's lint takes only a literal for a boolean default; a unit test holds it to settingDefaults.
		default: false,
		description:
			"Whether to only check the call and read its target: every check the operation would pass, answered as the call would be refused, else with the normalised arguments and, for Write, the note as it is now (whether it exists, its contentHash and size), refusing a base hash the write would refuse. Nothing is written, committed or pushed. An approval gate runs this before it asks a person.",
	},
];
