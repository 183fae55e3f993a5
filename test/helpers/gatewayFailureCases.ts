import type { IDataObject, INodeType } from 'n8n-workflow';

import {
	CONTENT_CAPS,
	MAX_PROMQL_CHARS,
	VAULT_LIMITS,
	type GatewayContract,
	type GatewayName,
	type Marker,
	type UnavailableState,
} from '../../core';
import { GATEWAY_NODE_LIST } from './gatewayNodes';

/**
 * Calls every gateway node must refuse without a host, keyed by parameter role, with the marker each must get, or the `__UNAVAILABLE__` state.
 * The inputs sit just over (or, for the last case of an SSH node, at) the caps of the contract.
 */
// No host: the transport refuses this credential before connecting (a `config` fault).
export const UNUSABLE_CREDENTIAL = { hermesSshApi: { host: '', port: 22, username: 'x', authMethod: 'password', password: 'x' } };

export type Expected = Exclude<Marker, '__UNAVAILABLE__'> | UnavailableState;
export type Case = [IDataObject, Expected];

const over = (cap: number) => 'x'.repeat(cap + 1);

const CASES: Record<GatewayName, Case[]> = {
	vault: [
		[{ operation: 'delete', query: 'x' }, '__BAD_ARGUMENT__'],
		[{ operation: 'read', path: '../x.md' }, '__BAD_PATH__'],
		[{ operation: 'list', prefix: '.git/' }, '__BAD_PATH__'],
		[{ operation: 'search', query: '' }, '__EMPTY_QUERY__'],
		[{ operation: 'search', query: 'a\nb' }, '__BAD_ARGUMENT__'],
		[{ operation: 'search', query: over(VAULT_LIMITS.searchQueryChars) }, '__TOO_LARGE__'],
		[{ operation: 'write', path: 'research/x.md', content: '' }, '__BAD_ARGUMENT__'],
		[{ operation: 'write', path: 'research/x.md', content: 'x', baseHash: 'latest' }, '__BAD_ARGUMENT__'],
		[{ operation: 'write', path: 'research/x.md', content: over(VAULT_LIMITS.writeBytes) }, '__TOO_LARGE__'],
		[{ operation: 'list', prefix: '', vaultPath: 'relative' }, 'misconfigured'],
		[{ operation: 'write', path: 'research/x.md', content: 'x', writePrefixes: '../' }, 'misconfigured'],
		// Passes every check at the caps and reaches the unusable credential.
		[{ operation: 'search', query: 'x'.repeat(VAULT_LIMITS.searchQueryChars) }, 'misconfigured'],
	],
	docker: [
		[{ operation: 'prune', stack: 'web' }, '__BAD_ACTION__'],
		[{ operation: 'restart', stack: 'web', allowedActions: 'status,logs,list' }, '__BAD_ACTION__'],
		[{ operation: 'stop', stack: 'security-stack' }, '__PROTECTED__'],
		[{ operation: 'status', stack: '' }, '__BAD_ARGUMENT__'],
		[{ operation: 'status', stack: 'Web!' }, '__BAD_ARGUMENT__'],
		[{ operation: 'status', stack: 'web', dockerCommand: 'docker; id' }, 'misconfigured'],
		[{ operation: 'status', stack: 'web', allowedActions: '' }, 'misconfigured'],
		[{ operation: 'status', stack: 'web', protectedStacks: 'a b' }, 'misconfigured'],
		[{ operation: 'list', stack: '' }, 'misconfigured'],
	],
	monitoring: [
		[{ operation: 'range', promql: 'up' }, '__BAD_ARGUMENT__'],
		[{ operation: 'query', promql: '' }, '__EMPTY_QUERY__'],
		[{ operation: 'query', promql: over(MAX_PROMQL_CHARS) }, '__TOO_LARGE__'],
		[{ operation: 'query', promql: 'up', prometheusUrl: 'ftp://x' }, 'misconfigured'],
		[{ operation: 'query', promql: 'x'.repeat(MAX_PROMQL_CHARS) }, 'misconfigured'],
	],
	content: [
		[{ operation: 'publish', contentType: 'note', text: 'x' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'poem', text: 'x', url: '' }, '__BAD_ACTION__'],
		[{ contentType: 'note', text: '', url: '' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'note', text: over(CONTENT_CAPS.textChars), url: '' }, '__TOO_LARGE__'],
		[{ contentType: 'note', text: '', url: `https://example.com/${over(CONTENT_CAPS.urlChars)}` }, '__TOO_LARGE__'],
		[{ contentType: 'note', text: '', url: 'javascript:alert(1)' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'note', text: '', url: 'http://127.0.0.1/' }, '__BAD_ARGUMENT__'],
	],
};

/** Each gateway's node, contract and cases, in GATEWAY_NAMES order. */
export const FAILURE_CASES: Array<[GatewayName, INodeType, GatewayContract, Case[]]> = GATEWAY_NODE_LIST.map(([gateway, { node, contract }]) => [
	gateway,
	node,
	contract,
	CASES[gateway],
]);
