/**
 * The vault host recipe of docs/nodes/vault.md, as an operator runs it: the script in
 * docs/examples/ makes a fresh login user with the agent's key, a vault work tree with a bare
 * upstream, the git identity and `push -u`; then the real Hermes Vault node logs in as that user
 * over the real sshd and writes a note that is committed under that identity and pushed. A second
 * run keeps everything as it is.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

jest.setTimeout(120_000);

const SCRIPT = join(__dirname, '..', '..', '..', 'docs', 'examples', 'prepare-vault-host.sh');
const isRoot = process.getuid?.() === 0;
const user = `hv${randomBytes(4).toString('hex')}`;
let dir: string;
let home: string;
let upstream: string;
let sshd: SshdHandle;
let firstRun: string;

const prepare = () =>
	execFileSync('bash', [SCRIPT, '--user', user, '--key', join(dir, 'agent.pub'), '--upstream', upstream, '--home', home, '--email', 'vault@example.com'], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
/** git as the prepared user, who owns the repositories (git refuses another owner's as dubious). */
const git = (cwd: string, ...args: string[]) => execFileSync('runuser', ['-u', user, '--', 'env', `HOME=${home}`, 'git', '-C', cwd, ...args], { encoding: 'utf8' }).trim();

beforeAll(async () => {
	if (!isRoot) throw new Error('the host recipe makes a system user: run this test as root (as CI does)');
	dir = mkdtempSync(join(tmpdir(), 'hermes-host-recipe-'));
	// The new user's home lives in here: it must be able to walk to it.
	chmodSync(dir, 0o755);
	home = join(dir, 'home');
	upstream = join(dir, 'upstream.git');
	execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'n8n-agent', '-f', join(dir, 'agent')]);
	firstRun = prepare();
	// The harness's sshd serves its own user from its own key file; the recipe's user logs in
	// with the key the script put in the user's home, and gets that home.
	sshd = await startSshd({ extraConfig: [`Match User ${user}`, '\tAuthorizedKeysFile .ssh/authorized_keys', `\tSetEnv HOME=${home}`] });
});

afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	if (isRoot) execFileSync('bash', ['-c', `id ${user} >/dev/null 2>&1 && userdel ${user} || true`]);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the script prints the credential settings and leaves a vault that tracks its upstream', () => {
	const vault = join(home, 'vaults', 'vps-vault');
	expect(firstRun).toContain(`username:    ${user}`);
	expect(firstRun).toContain(`vaultPath:   ${vault}`);
	expect(firstRun).toContain(`upstream:    origin/main -> ${upstream}`);
	expect(git(vault, 'config', 'user.email')).toBe('vault@example.com');
	expect(git(upstream, 'rev-list', '--count', 'main')).toBe('1');
	expect(execFileSync('stat', ['-c', '%U %a', join(home, '.ssh', 'authorized_keys')], { encoding: 'utf8' }).trim()).toBe(`${user} 600`);
});

test('the node logs in as the prepared user and writes a note that is committed and pushed', async () => {
	const vault = join(home, 'vaults', 'vps-vault');
	const credentials = { ...sshd.credentials, username: user, privateKey: readFileSync(join(dir, 'agent'), 'utf8') };
	const out = await executeNode(new HermesVault(), {
		parameters: { vaultPath: vault, operation: 'write', path: 'inbox/first.md', content: '# First note\n' },
		credentials: { hermesSshApi: credentials },
	});
	expect(out[0][0].json).toMatchObject({ success: true, path: 'inbox/first.md', status: 'created', pushed: true });
	expect(git(upstream, 'rev-list', '--count', 'main')).toBe('2');
	expect(git(upstream, 'log', '-1', '--format=%an <%ae> %s', 'main')).toBe('Hermes Vault <vault@example.com> vault: write inbox/first.md');
});

test('a second run keeps the user, the key, the vault and its history', () => {
	const vault = join(home, 'vaults', 'vps-vault');
	const before = { head: git(vault, 'rev-parse', 'HEAD'), keys: readFileSync(join(home, '.ssh', 'authorized_keys'), 'utf8') };
	expect(prepare()).toContain(`vaultPath:   ${vault}`);
	expect(git(vault, 'rev-parse', 'HEAD')).toBe(before.head);
	expect(readFileSync(join(home, '.ssh', 'authorized_keys'), 'utf8')).toBe(before.keys);
	expect(before.keys.trim().split('\n')).toHaveLength(1);
});

test('an upstream the user cannot reach: exit 1, the key to add is printed, no vault made', () => {
	const vault = join(home, 'vaults', 'unreachable');
	let failure: { status?: number; stderr?: string } = {};
	try {
		execFileSync('bash', [SCRIPT, '--user', user, '--key', join(dir, 'agent.pub'), '--upstream', 'ssh://git@127.0.0.1:9/vault.git', '--vault', vault], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} catch (error) {
		failure = error as { status?: number; stderr?: string };
	}
	expect(failure.status).toBe(1);
	expect(failure.stderr).toContain(`${user} cannot reach ssh://git@127.0.0.1:9/vault.git; nothing is made in the vault yet`);
	expect(failure.stderr).toContain(readFileSync(join(home, '.ssh', 'id_ed25519.pub'), 'utf8').trim());
	expect(() => execFileSync('stat', [vault], { stdio: 'ignore' })).toThrow();
});

test.each<[string, string[], RegExp]>([
	['no key', ['--upstream', '/nowhere.git'], /--key FILE \(a readable public key\) is required/],
	['no upstream', ['--key', '/etc/hostname'], /--upstream URL\|PATH is required/],
	['an unknown option', ['--colour', 'blue'], /unknown option --colour/],
])('%s: refused with exit 2, nothing made', (_label, args, message) => {
	let failure: { status?: number; stderr?: string } = {};
	try {
		execFileSync('bash', [SCRIPT, '--user', `${user}x`, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	} catch (error) {
		failure = error as { status?: number; stderr?: string };
	}
	expect(failure.status).toBe(2);
	expect(failure.stderr).toMatch(message);
	expect(() => execFileSync('id', [`${user}x`], { stdio: 'ignore' })).toThrow();
});
