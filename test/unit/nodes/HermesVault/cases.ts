import { VAULT, VAULT_LIMITS, type VaultOperation, type VaultParam } from '../../../../core/vault/contract';
import { HermesVault } from '../../../../nodes/HermesVault/HermesVault.node';
import { over, type NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<VaultParam, VaultOperation> = {
	node: new HermesVault(),
	contract: VAULT,
	group: 'transform',
	passing: { search: { query: 'x' }, list: {}, read: { path: 'research/a.md' }, write: { path: 'research/a.md', content: 'x' } },
	failures: [
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
};
