/**
 * The table of host faults: each one built on a real sshd with real means (a PATH without the
 * tool, a vault without identity, upstream or remote, a bare remote whose pre-receive hook
 * rejects, a folder that is no work tree), each answered by the real node with the state and
 * retry docs/answers.md gives it and the fix in the hint. The credential's Test button names the
 * faults it can see from the credential alone.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ICredentialTestFunctions, IDataObject } from 'n8n-workflow';

import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { hermesSshConnectionTest } from '../../../nodes/shared/credentialTest';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { createGitVault, type GitVault } from '../../harness/gitVault';
import { startSshdWithout } from '../../harness/hostToolbox';
import { freePort, startSshd, type SshdHandle } from '../../harness/sshd';
import { callVault } from '../vault/vaultHarness';

jest.setTimeout(120_000);

const started: Array<{ stop(): Promise<void> }> = [];
const vaults: GitVault[] = [];
let scratch: string;
/** A sshd whose sessions have every tool. */
let healthy: SshdHandle;

beforeAll(async () => {
	scratch = mkdtempSync(join(tmpdir(), 'hermes-host-faults-'));
	healthy = await startSshd();
	started.push(healthy);
});

afterAll(async () => {
	await closeAllConnections();
	await Promise.all(started.map(async (s) => await s.stop()));
	for (const vault of vaults) vault.remove();
	rmSync(scratch, { recursive: true, force: true });
});

async function hostWithout(...tools: string[]): Promise<SshdHandle> {
	return await startHost(tools);
}

/** The same, and the server carries no TCP channels: monitoring falls back to curl on the host. */
async function hostWithoutForwarding(...tools: string[]): Promise<SshdHandle> {
	return await startHost(tools, ['AllowTcpForwarding no']);
}

async function startHost(tools: string[], extraConfig?: string[]): Promise<SshdHandle> {
	const sshd = await startSshdWithout(tools, extraConfig);
	started.push(sshd);
	return sshd;
}

function newVault(): GitVault {
	const vault = createGitVault();
	vaults.push(vault);
	return vault;
}

const misconfigured = (fix: RegExp) => ({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here', hint: expect.stringMatching(fix) });

async function docker(sshd: SshdHandle, dockerCommand: string): Promise<IDataObject> {
	const [out] = await executeNode(new HermesDocker(), { parameters: { dockerCommand, operation: 'list' }, credentials: { hermesSshApi: sshd.credentials } });
	return out[0].json;
}

async function monitoring(sshd: SshdHandle, prometheusUrl: string): Promise<IDataObject> {
	const [out] = await executeNode(new HermesMonitoring(), {
		parameters: { prometheusUrl, operation: 'query', promql: 'up' },
		credentials: { hermesSshApi: sshd.credentials },
	});
	return out[0].json;
}

async function credentialTest(sshd: SshdHandle) {
	return await hermesSshConnectionTest.call({} as ICredentialTestFunctions, { id: '1', name: 'ssh', type: 'hermesSshApi', data: sshd.credentials });
}

/** A URL where nothing listens: the connection to it is refused. */
async function deadPrometheusUrl(): Promise<string> {
	return `http://127.0.0.1:${await freePort()}`;
}

describe('vault', () => {
	test('no git identity: vault_write is __UNAVAILABLE__ misconfigured with the git config fix, and nothing changes', async () => {
		const vault = newVault();
		vault.git('config', '--unset', 'user.name');
		vault.git('config', '--unset', 'user.email');
		// root always has a name in passwd, and the write script gives git an e-mail; a user
		// created without a full name has none. useConfigOnly makes git refuse the same way here.
		writeFileSync(join(healthy.homeDir, '.gitconfig'), '[user]\n\tuseConfigOnly = true\n');
		try {
			const commits = vault.commitCount();
			const answer = await callVault(healthy, vault, { operation: 'write', path: 'inbox/who.md', content: 'nobody signs this\n' });
			expect(answer).toEqual(misconfigured(/git has no identity.*config user\.name.*config user\.email/));
			expect(vault.commitCount()).toBe(commits);
			expect(existsSync(join(vault.root, 'inbox/who.md'))).toBe(false);
			expect(vault.git('status', '--porcelain')).toBe('');
		} finally {
			rmSync(join(healthy.homeDir, '.gitconfig'));
		}
	});

	test.each([
		['no upstream', (vault: GitVault) => vault.git('branch', '--unset-upstream'), /has no upstream.*git push -u origin/],
		['no remote', (vault: GitVault) => vault.git('remote', 'remove', 'origin'), /No configured push destination.*git remote add origin/],
		[
			'a push the remote rejects',
			(vault: GitVault) => {
				const hook = join(vault.bare, 'hooks/pre-receive');
				writeFileSync(hook, '#!/bin/sh\necho "pushes to this vault are closed" >&2\nexit 1\n');
				chmodSync(hook, 0o755);
			},
			/pre-receive hook declined.*the remote refused the push/,
		],
	])('%s: the write is committed, pushed false, pushState misconfigured, pushRetry never_here, the fix in the hint', async (_fault, breakIt, fix) => {
		const vault = newVault();
		breakIt(vault);
		const commits = vault.commitCount();
		const answer = await callVault(healthy, vault, { operation: 'write', path: 'inbox/stuck.md', content: 'committed, not pushed\n' });
		expect(answer).toMatchObject({ success: true, status: 'created', pushed: false, pushState: 'misconfigured', pushRetry: 'never_here' });
		expect(answer.hint).toMatch(fix);
		expect(answer.hint).toMatch(/retrying cannot fix it, tell the operator/);
		expect(vault.commitCount()).toBe(commits + 1);
	});

	test('a push that cannot reach its remote stays later', async () => {
		const vault = newVault();
		vault.git('remote', 'set-url', 'origin', `http://127.0.0.1:${await freePort()}/vault.git`);
		const answer = await callVault(healthy, vault, { operation: 'write', path: 'inbox/offline.md', content: 'the network is down\n' });
		expect(answer).toMatchObject({ success: true, pushed: false, pushState: 'unreachable', pushRetry: 'later' });
	});

	test.each([
		['a plain folder', () => mkdtempSync(join(scratch, 'plain-'))],
		['a folder inside the work tree', () => {
			const vault = newVault();
			mkdirSync(join(vault.root, 'research/deep'), { recursive: true });
			return join(vault.root, 'research');
		}],
		['a path that does not exist', () => join(scratch, 'missing-vault')],
	])('the vault path is %s: every operation is __UNAVAILABLE__ misconfigured naming the Vault Path setting', async (_case, vaultPath) => {
		const root = vaultPath();
		const vault = { ...newVault(), root };
		for (const call of [
			{ operation: 'read', path: 'research/seed.md' },
			{ operation: 'list' },
			{ operation: 'search', query: 'seed' },
			{ operation: 'write', path: 'inbox/x.md', content: 'x\n' },
		]) {
			expect(await callVault(healthy, vault, call)).toEqual(misconfigured(/not the top of a git work tree.*Vault Path setting/));
		}
	});

	test('no git on the host: __UNAVAILABLE__ misconfigured saying to install git, not a wrong vault path', async () => {
		const sshd = await hostWithout('git');
		const vault = newVault();
		expect(await callVault(sshd, vault, { operation: 'read', path: 'research/seed.md' })).toEqual(misconfigured(/no git .*apt-get install git/));
		expect(await callVault(sshd, vault, { operation: 'write', path: 'inbox/x.md', content: 'x\n' })).toEqual(misconfigured(/no git .*apt-get install git/));
	});

	test('no flock: vault_write is __UNAVAILABLE__ misconfigured saying to install util-linux, and nothing changes', async () => {
		const sshd = await hostWithout('flock');
		const vault = newVault();
		const commits = vault.commitCount();
		const answer = await callVault(sshd, vault, { operation: 'write', path: 'inbox/unlocked.md', content: 'no lock, no write\n' });
		expect(answer).toEqual(misconfigured(/no flock.*apt-get install util-linux/));
		expect(vault.commitCount()).toBe(commits);
		expect(existsSync(join(vault.root, 'inbox/unlocked.md'))).toBe(false);
		// The reads need no lock.
		expect(await callVault(sshd, vault, { operation: 'read', path: 'research/seed.md' })).toMatchObject({ success: true });
	});
});

describe('docker', () => {
	test('no docker: __UNAVAILABLE__ misconfigured saying to install Docker or set the Docker Command', async () => {
		const sshd = await hostWithout('docker');
		expect(await docker(sshd, 'docker')).toEqual(misconfigured(/docker command was not found.*install Docker.*Docker Command setting/));
	});

	test('a docker without its compose plugin: __UNAVAILABLE__ misconfigured saying to install the plugin', async () => {
		// No Docker CLI can be installed on the test machines for sure; this one answers every
		// `compose` call in docker 28.2.2's own words for a missing plugin, and with its exit code.
		const cli = join(scratch, 'docker-without-compose');
		writeFileSync(cli, `#!/bin/sh\nprintf '%s\\n\\n%s\\n' 'docker: unknown command: docker compose' "Run 'docker --help' for more information" >&2\nexit 1\n`);
		chmodSync(cli, 0o755);
		expect(await docker(healthy, cli)).toEqual(misconfigured(/no compose plugin.*docker-compose-plugin/));
	});
});

describe('monitoring', () => {
	const unreachable = { success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' };

	test('no curl where the server forbids TCP channels: __UNAVAILABLE__ misconfigured saying to install curl', async () => {
		const sshd = await hostWithoutForwarding('curl');
		expect(await monitoring(sshd, await deadPrometheusUrl())).toEqual(misconfigured(/curl is not on the SSH user PATH.*apt-get install curl/));
	});

	test('no curl, no timeout, no bash: a channel needs none of them, the dead URL is reported as such', async () => {
		const sshd = await hostWithout('curl', 'timeout', 'bash');
		expect(await monitoring(sshd, await deadPrometheusUrl())).toMatchObject({ ...unreachable, hint: expect.stringMatching(/sshd could not connect to 127\.0\.0\.1:\d+ \(Connection refused\)/) });
	});

	test('an unreachable Prometheus URL stays unreachable and later, over a channel and by curl', async () => {
		expect(await monitoring(healthy, await deadPrometheusUrl())).toMatchObject(unreachable);
		expect(await monitoring(await hostWithoutForwarding(), await deadPrometheusUrl())).toMatchObject({ ...unreachable, hint: expect.stringContaining('Failed to connect') });
	});
});

describe('no GNU timeout', () => {
	test('every node that runs a command answers __UNAVAILABLE__ misconfigured saying to install coreutils, not that its own tool is missing', async () => {
		const sshd = await hostWithoutForwarding('timeout');
		const fix = /no GNU timeout.*apt-get install coreutils.*Retrying cannot help/;
		expect(await callVault(sshd, newVault(), { operation: 'read', path: 'research/seed.md' })).toEqual(misconfigured(fix));
		expect(await docker(sshd, 'docker')).toEqual(misconfigured(fix));
		// Without TCP channels, monitoring runs curl under timeout too.
		expect(await monitoring(sshd, await deadPrometheusUrl())).toEqual(misconfigured(fix));
	});
});

describe("the credential's Test button", () => {
	test('a host with every tool: OK', async () => {
		expect(await credentialTest(healthy)).toEqual({ status: 'OK', message: 'Connection successful' });
	});

	test('no timeout: Error naming it and coreutils', async () => {
		const result = await credentialTest(await hostWithout('timeout'));
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/no GNU timeout.*apt-get install coreutils/) });
	});

	test('no flock and no curl: Error naming both, what needs them and their packages', async () => {
		const result = await credentialTest(await hostWithout('flock', 'curl'));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/lacks flock \(needed by Hermes Vault writes; apt-get install util-linux\), curl \(needed by Hermes Monitoring for an https URL or where sshd forbids TCP forwarding; apt-get install curl\)/);
		expect(result.message).not.toMatch(/\bgit\b/);
	});

	test('no git: Error naming it', async () => {
		const result = await credentialTest(await hostWithout('git'));
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/lacks git \(needed by Hermes Vault; apt-get install git\)/) });
	});
});
