import { SSH_CREDENTIAL, type SubWorkflowGateway } from '../gatewayContract';

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

/** Seconds a read-only command may take on the host; a write waits for the repository's lock and pushes, each bounded, with the transfer and git work around them. */
const READ_SECONDS = 30;
const LOCK_WAIT_SECONDS = 30;
const PUSH_SECONDS = 30;
const TRANSFER_AND_GIT_SECONDS = 30;
export const VAULT_SECONDS = { read: READ_SECONDS, lockWait: LOCK_WAIT_SECONDS, push: PUSH_SECONDS, write: LOCK_WAIT_SECONDS + PUSH_SECONDS + TRANSFER_AND_GIT_SECONDS } as const;

export const VAULT_OPERATIONS = ['search', 'list', 'read', 'write'] as const;
export type VaultOperation = (typeof VAULT_OPERATIONS)[number];

/** One folder path per `writePrefixes` entry, written with its trailing slash (`research/`). */
export const WRITE_PREFIX = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/$/;

export type VaultParam = 'operation' | 'query' | 'prefix' | 'path' | 'content' | 'baseHash' | 'vaultPath' | 'writePrefixes' | 'checkOnly';

const PARAMS = {
	operation: 'operation',
	query: 'query',
	prefix: 'prefix',
	path: 'path',
	content: 'content',
	baseHash: 'baseHash',
	vaultPath: 'vaultPath',
	writePrefixes: 'writePrefixes',
	checkOnly: 'checkOnly',
} as const;

export const VAULT: SubWorkflowGateway<VaultParam> = {
	type: 'hermesVault',
	displayName: 'Hermes Vault',
	ssh: true,
	typeVersion: 2,
	params: PARAMS,
	operations: VAULT_OPERATIONS,
	readOperations: ['search', 'list', 'read'],
	// A note that exists answers __EXISTS__: writing it again makes nothing new.
	createOperations: [],
	operationSeconds: { search: VAULT_SECONDS.read, list: VAULT_SECONDS.read, read: VAULT_SECONDS.read, write: VAULT_SECONDS.write },
	shownFor: { query: ['search'], prefix: ['list'], path: ['read', 'write'], content: ['write'], baseHash: ['write'] },
	subWorkflowInputs: { vaultAction: ['operation'], vaultQuery: ['query', 'prefix', 'path'], vaultContent: ['content'], vaultBaseHash: ['baseHash'] },
	allowLists: {},
	settingDefaults: { vaultPath: '~/vaults/vps-vault', writePrefixes: 'research/,inbox/', checkOnly: false },
	checkOnly: 'checkOnly',
	agentArguments: true,
	credential: SSH_CREDENTIAL,
	subWorkflow: { node: 'Vault', name: 'Hermes Gateway - Vault' },
	configSettings: { vaultPath: { key: 'vault.path' }, writePrefixes: { key: 'vault.writePrefixes', list: true } },
};
