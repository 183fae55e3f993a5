/** An encrypted private key (passphrase) against a real OpenSSH sshd, through the credential. */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, connectionOptionsFromCredentials, runRemote, TransportError } from '../../../nodes/shared/transport';

jest.setTimeout(30_000);

let sshd: SshdHandle;
let encryptedKey: string;
beforeAll(async () => {
	sshd = await startSshd();
	const file = join(sshd.dir, 'encrypted_ed25519');
	execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'correct horse', '-f', file]);
	appendFileSync(join(sshd.dir, 'authorized_keys'), readFileSync(`${file}.pub`));
	encryptedKey = readFileSync(file, 'utf8');
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

test('an encrypted key with its passphrase logs in', async () => {
	const conn = connectionOptionsFromCredentials({ ...sshd.credentials, privateKey: encryptedKey, passphrase: 'correct horse' });
	const result = await runRemote(conn, { script: 'printf ok', timeoutSeconds: 5, readOnly: true });
	expect(result.stdout.toString()).toBe('ok');
});

test.each([
	['a wrong passphrase', 'wrong'],
	['no passphrase', ''],
])('%s is an auth fault that says to check the passphrase', async (_label, passphrase) => {
	const conn = connectionOptionsFromCredentials({ ...sshd.credentials, privateKey: encryptedKey, passphrase });
	const error = await runRemote(conn, { script: 'true', timeoutSeconds: 5, readOnly: true }).catch((e: unknown) => e);
	expect(error).toBeInstanceOf(TransportError);
	expect(error).toMatchObject({ kind: 'auth', transient: false });
	expect((error as Error).message).toMatch(/could not be used: .*check the passphrase/);
});
