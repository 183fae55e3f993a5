/**
 * Obsidian vault (4 tools), through the vault gateway sub-workflow. The caps in the descriptions
 * are the vault node's own; they are written out so each description reads as the agent gets it.
 */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'vault_search',
		description: 'Case-insensitive search over the notes of the vault: at most 3 matches per file and 60 lines in total (truncated flag when capped).',
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
			{ key: 'query', type: 'string', description: 'Text to look for (fixed string, not a regex)', required: true },
		],
	}),
	defineTool({
		name: 'vault_list',
		description: 'Lists the tracked files of the vault, optionally under a folder (at most 300, truncated flag when capped).',
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
			{ key: 'prefix', type: 'string', description: 'Folder to list, e.g. research/; empty lists the whole vault', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'vault_read',
		description: 'Reads a note of the vault (at most 30,000 characters, truncated flag) and returns its contentHash, needed to overwrite it with vault_write.',
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
			{ key: 'path', type: 'string', description: 'Path of the note inside the vault, e.g. research/topic.md', required: true },
		],
	}),
	defineTool({
		name: 'vault_write',
		description: 'Writes a markdown note into the vault (allowed folders only, .md, at most 150,000 bytes), then commits and pushes. Overwriting an existing note requires the contentHash from vault_read as base_hash.',
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
			{ key: 'path', type: 'string', description: 'Path of the note, under an allowed folder (research/ or inbox/ by default), ending in .md', required: true },
			{ key: 'content', type: 'string', description: 'Full markdown content of the note', required: true },
			{ key: 'base_hash', type: 'string', description: 'contentHash returned by vault_read when overwriting an existing note; empty for a new note', required: false, default: '' },
		],
	}),
];
