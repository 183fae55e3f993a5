import { HermesVault } from '../../../../nodes/HermesVault/HermesVault.node';
import { executeNode } from '../../../harness/executeNode';

// A bad setting is the operator's fault, not the agent's: __UNAVAILABLE__ naming the setting,
// answered before any command (no credential is given, so reading it would throw).
const node = new HermesVault();

test.each([
	['an empty vault path', { vaultPath: '' }, 'Vault Path', /vaultPath is empty/],
	['a relative vault path', { vaultPath: 'vaults/vps-vault' }, 'Vault Path', /absolute or start with ~\//],
	['a vault path with ..', { vaultPath: '/srv/../etc' }, 'Vault Path', /contains "\.\."/],
	['a vault path with a newline', { vaultPath: '/srv/vault\n; rm -rf /' }, 'Vault Path', /control character/],
	['a vault path that is not text', { vaultPath: 42 }, 'Vault Path', /vaultPath is empty/],
	['a write prefix that climbs out', { writePrefixes: 'research/,../etc/' }, 'Write Prefixes', /"\.\.\/etc\/" is not a folder path/],
	['a hidden write prefix', { writePrefixes: '.git/' }, 'Write Prefixes', /"\.git\/" is not a folder path/],
	['write prefixes that are not text', { writePrefixes: ['research/'] }, 'Write Prefixes', /comma-separated string/],
])('%s answers __UNAVAILABLE__ naming the setting', async (_label, settings, setting, why) => {
	const [out] = await executeNode(node, {
		parameters: { operation: 'write', query: 'research/note.md', content: '# Note\n', ...settings },
	});
	expect(out).toHaveLength(1);
	expect(out[0].pairedItem).toEqual({ item: 0 });
	expect(out[0].json).toMatchObject({ success: false, error: '__UNAVAILABLE__', retry: 'never_here', state: 'misconfigured' });
	const hint = String(out[0].json.hint);
	expect(hint).toContain(`The ${setting} setting of this node is misconfigured`);
	expect(hint).toMatch(why);
	expect(hint).toContain('Tell the operator');
});

test('a write named in another case is still judged against the write prefixes setting', async () => {
	const [out] = await executeNode(node, {
		parameters: { operation: ' Write ', query: 'research/note.md', content: '# Note\n', writePrefixes: '../etc/' },
	});
	expect(out[0].json).toMatchObject({ error: '__UNAVAILABLE__', state: 'misconfigured', hint: expect.stringContaining('Write Prefixes') });
});
