import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, runRemote } from '../../../nodes/shared/transport';

let sshd: SshdHandle;
beforeAll(async () => {
	sshd = await startSshd();
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

test('runs a script with args and stdin, HOME is the harness home', async () => {
	const result = await runRemote(sshd.connection, {
		script: 'printf "%s|%s|" "$1" "$HOME"; cat',
		args: ['a b'],
		stdin: 'input',
		timeoutSeconds: 5,
		readOnly: true,
	});
	expect(result.exitCode).toBe(0);
	expect(result.stdout.toString()).toBe(`a b|${sshd.homeDir}|input`);
});
