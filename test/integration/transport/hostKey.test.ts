/** Host key pinning and the credential test against a real OpenSSH sshd. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { ICredentialTestFunctions } from 'n8n-workflow';

import { freePort, startSshd, type SshdHandle } from '../../harness/sshd';
import { hermesSshConnectionTest } from '../../../nodes/shared/credentialTest';
import { closeAllConnections, runRemote, TransportError, type SshConnectionOptions } from '../../../nodes/shared/transport';

const OTHER_FINGERPRINT = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';

// Generous: under a loaded CI machine, starting sshd and handshakes can take seconds.
jest.setTimeout(30_000);

let sshd: SshdHandle;
let canary: string;
beforeAll(async () => {
	sshd = await startSshd();
	canary = join(sshd.homeDir, 'canary');
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

async function fault(conn: SshConnectionOptions): Promise<TransportError> {
	const error = await runRemote(conn, { script: 'touch "$HOME/canary"', timeoutSeconds: 5, readOnly: true }).then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(TransportError);
	return error as TransportError;
}

describe('host key pinning', () => {
	test('a wrong fingerprint is refused with a clear error and no command runs', async () => {
		const error = await fault({ ...sshd.connection, hostKeyFingerprint: OTHER_FINGERPRINT });
		expect(error.kind).toBe('host-key');
		expect(error.transient).toBe(false);
		expect(error.message).toContain('Host key mismatch');
		expect(error.message).toContain(sshd.hostKeyFingerprint);
		expect(error.message).toContain(OTHER_FINGERPRINT);
		expect(error.message).toContain('ssh-ed25519');
		expect(existsSync(canary)).toBe(false);
		// Control: the same command with the right fingerprint does create the canary.
		await runRemote(sshd.connection, { script: 'touch "$HOME/canary"', timeoutSeconds: 5, readOnly: false });
		expect(existsSync(canary)).toBe(true);
		await runRemote(sshd.connection, { script: 'rm "$HOME/canary"', timeoutSeconds: 5, readOnly: false });
	});

	test('no fingerprint without "accept any host key" is refused before connecting', async () => {
		const error = await fault({ ...sshd.connection, hostKeyFingerprint: undefined, acceptAnyHostKey: false });
		expect(error.kind).toBe('host-key');
		expect(error.message).toMatch(/No host key fingerprint is set.*ssh-keygen -lf/);
		expect(existsSync(canary)).toBe(false);
	});

	test('the right fingerprint among several pinned ones connects', async () => {
		const conn = { ...sshd.connection, hostKeyFingerprint: `${OTHER_FINGERPRINT}, ${sshd.hostKeyFingerprint}` };
		const result = await runRemote(conn, { script: 'printf ok', timeoutSeconds: 5, readOnly: true });
		expect(result.stdout.toString()).toBe('ok');
	});

	test('"accept any host key" with no fingerprint connects', async () => {
		const conn = { ...sshd.connection, hostKeyFingerprint: '', acceptAnyHostKey: true };
		const result = await runRemote(conn, { script: 'printf ok', timeoutSeconds: 5, readOnly: true });
		expect(result.stdout.toString()).toBe('ok');
	});

	test('"accept any host key" does not override a pinned fingerprint', async () => {
		const error = await fault({ ...sshd.connection, hostKeyFingerprint: OTHER_FINGERPRINT, acceptAnyHostKey: true });
		expect(error.kind).toBe('host-key');
		expect(existsSync(canary)).toBe(false);
	});
});

describe('hermesSshConnectionTest', () => {
	const ctx = {} as ICredentialTestFunctions;
	const test_ = async (data: object) =>
		await hermesSshConnectionTest.call(ctx, { id: '1', name: 'ssh', type: 'hermesSshApi', data: { ...sshd.credentials, ...data } });

	test('reports OK for the harness credential', async () => {
		expect(await test_({})).toEqual({ status: 'OK', message: 'Connection successful' });
	});

	test('reports a host key mismatch', async () => {
		const result = await test_({ hostKeyFingerprint: OTHER_FINGERPRINT });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Host key mismatch');
	});

	test('reports a rejected key', async () => {
		const result = await test_({ username: 'nobody' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Authentication failed for nobody@127\.0\.0\.1/);
	});

	test('reports a wrong password', async () => {
		const result = await test_({ authMethod: 'password', password: 'not-the-password' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Authentication failed.*password/);
	});

	test('reports an unreachable host', async () => {
		const result = await test_({ port: await freePort() });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Could not reach 127\.0\.0\.1:\d+: ECONNREFUSED/);
	});

	test('reports a malformed fingerprint', async () => {
		const result = await test_({ hostKeyFingerprint: 'SHA256:short' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/not a complete SHA256 host key fingerprint/);
	});

	test('reports a garbled private key', async () => {
		const result = await test_({ privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/private key .* could not be used/);
	});
});
