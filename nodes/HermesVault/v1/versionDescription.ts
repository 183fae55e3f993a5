import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, shownFor, type VersionDescription } from '../../shared/description';
import { VAULT, VAULT_LIMITS, VAULT_V1_PARAMS } from '../contract';

/** Shared by both versions: the operation, the write's own arguments and the settings. */
export const operationProperty: INodeProperties = {
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
};

export const writeAndSettingProperties: INodeProperties[] = [
	{
		displayName: 'Content',
		name: VAULT.params.content,
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		...shownFor(VAULT, 'content'),
		description: `Full text of the note (UTF-8, at most ${VAULT_LIMITS.writeBytes} bytes)`,
	},
	{
		displayName: 'Base Hash',
		name: VAULT.params.baseHash,
		type: 'string',
		default: '',
		...shownFor(VAULT, 'baseHash'),
		description: 'The contentHash returned by Read. Required to overwrite an existing note; leave empty to create a new one.',
	},
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
		// n8n's lint takes only a literal for a boolean default; contracts.test.ts holds it to settingDefaults.
		default: false,
		description:
			"Whether to only check the call and read its target: every check the operation would pass, answered as the call would be refused, else with the normalised arguments and, for Write, the note as it is now (whether it exists, its contentHash and size), refusing a base hash the write would refuse. Nothing is written, committed or pushed. An approval gate runs this before it asks a person.",
	},
];

/** Version 1: one `query` parameter held the search text, the folder prefix or the note path. */
export const versionProperties: INodeProperties[] = [
	operationProperty,
	{
		displayName: 'Query',
		name: VAULT_V1_PARAMS.query,
		type: 'string',
		default: '',
		placeholder: 'research/topic.md',
		description:
			'Search: the text to find (one line, matched literally). List: a folder prefix, or empty for the whole vault. Read and Write: the note path, relative to the vault, ending in .md.',
	},
	...writeAndSettingProperties,
];

export const versionDescription: VersionDescription = { version: 1, subtitle: '={{ $parameter["operation"] }}', properties: versionProperties };
