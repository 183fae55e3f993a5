import type { INodeProperties } from 'n8n-workflow';

import { shownFor, type VersionDescription } from '../../shared/description';
import { VAULT } from '../contract';
import { operationProperty, writeAndSettingProperties } from '../v1/versionDescription';

/** Version 2: each parameter holds one thing (search text, folder prefix, note path). */
export const versionProperties: INodeProperties[] = [
	operationProperty,
	{
		displayName: 'Query',
		name: VAULT.params.query,
		type: 'string',
		default: '',
		...shownFor(VAULT, 'query'),
		description: 'The text to find: one line, matched literally and case-insensitively',
	},
	{
		displayName: 'Prefix',
		name: VAULT.params.prefix,
		type: 'string',
		default: '',
		placeholder: 'research/',
		...shownFor(VAULT, 'prefix'),
		description: 'The folder to list, or empty for the whole vault',
	},
	{
		displayName: 'Path',
		name: VAULT.params.path,
		type: 'string',
		default: '',
		placeholder: 'research/topic.md',
		...shownFor(VAULT, 'path'),
		description: 'The note path, relative to the vault, ending in .md',
	},
	...writeAndSettingProperties,
];

export const versionDescription: VersionDescription = { version: 2, subtitle: '={{ $parameter["operation"] }}', properties: versionProperties };
