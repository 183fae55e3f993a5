import type { GatewayContract } from '../shared/gatewayContract';

/** Caps of the vault tools. */
export const VAULT_LIMITS = {
	searchMatchesPerFile: 3,
	searchLines: 60,
	/** Longest query accepted (characters); longer is __TOO_LARGE__. */
	searchQueryChars: 500,
	/** A matched line is cut to this many characters in the answer. */
	searchLineChars: 500,
	listEntries: 300,
	readChars: 30_000,
	writeBytes: 150_000,
} as const;

export const VAULT_OPERATIONS = ['search', 'list', 'read', 'write'] as const;
export type VaultOperation = (typeof VAULT_OPERATIONS)[number];

/** One folder path per `writePrefixes` entry, written with its trailing slash (`research/`). */
export const WRITE_PREFIX = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/$/;

export const VAULT: GatewayContract<'operation' | 'query' | 'content' | 'baseHash' | 'vaultPath' | 'writePrefixes'> = {
	type: 'hermesVault',
	displayName: 'Hermes Vault',
	ssh: true,
	params: {
		operation: 'operation',
		query: 'query',
		content: 'content',
		baseHash: 'baseHash',
		vaultPath: 'vaultPath',
		writePrefixes: 'writePrefixes',
	},
	subWorkflowInputs: { vaultAction: 'operation', vaultQuery: 'query', vaultContent: 'content', vaultBaseHash: 'baseHash' },
	settingDefaults: { vaultPath: '~/vaults/vps-vault', writePrefixes: 'research/,inbox/' },
};
