/**
 * Obsidian vault (4 tools), through the vault gateway sub-workflow. The caps in the descriptions
 * are the vault node's own; they are written out so each description reads as the agent gets it.
 */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'vault_search',
		description: 'Case-insensitive search of the vault notes: at most 3 matches per file and 60 lines in total (truncated flag).',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'vault',
			inputs: [
				{ input: 'vaultAction', value: 'search' },
				{ input: 'vaultQuery', param: 'query' },
			],
		},
		parameters: [
			{ key: 'query', type: 'string', description: 'Fixed string, not a regex', required: true },
		],
	}),
	defineTool({
		name: 'vault_list',
		description: 'Lists the tracked files of the vault, optionally under a folder (at most 300, truncated flag).',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'vault',
			inputs: [
				{ input: 'vaultAction', value: 'list' },
				{ input: 'vaultQuery', param: 'prefix' },
			],
		},
		parameters: [
			{ key: 'prefix', type: 'string', description: 'e.g. research/', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'vault_read',
		description: 'Reads a vault note (at most 30,000 characters, truncated flag) and its contentHash.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'vault',
			inputs: [
				{ input: 'vaultAction', value: 'read' },
				{ input: 'vaultQuery', param: 'path' },
			],
		},
		parameters: [
			{ key: 'path', type: 'string', description: 'e.g. research/topic.md', required: true },
		],
	}),
	defineTool({
		name: 'vault_write',
		description: 'Writes a markdown note into the vault (at most 150,000 bytes), then commits and pushes.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'gateway',
			gateway: 'vault',
			inputs: [
				{ input: 'vaultAction', value: 'write' },
				{ input: 'vaultQuery', param: 'path' },
				{ input: 'vaultContent', param: 'content' },
				{ input: 'vaultBaseHash', param: 'base_hash' },
			],
		},
		parameters: [
			{ key: 'path', type: 'string', description: 'Under an allowed folder (research/ or inbox/ by default), ending in .md', required: true },
			{ key: 'content', type: 'string', description: 'Full markdown', required: true },
			{ key: 'base_hash', type: 'string', description: 'To overwrite a note, its contentHash from vault_read; empty for a new note', required: false, default: '' },
		],
	}),
];
