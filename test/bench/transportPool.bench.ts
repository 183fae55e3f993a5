/**
 * Warm pooled calls vs a new connection per call, against the same real OpenSSH sshd in one run.
 * Two baselines: "n8n SSH node" opens a connection per call with ssh2's defaults, as n8n's own
 * SSH node does through node-ssh (connect, exec, dispose); "cold" opens a connection per call
 * through our own connect code (same socket settings as the pool), isolating what pooling alone
 * saves. The target (warm >= 5x faster) is against the n8n SSH node baseline.
 * Figures only: no timed assertion.
 */
import { Client } from 'ssh2';

import { startSshd, type SshdHandle } from '../harness/sshd';
import { buildCommandLine, clientTimeoutMs } from '../../nodes/shared/transport/command';
import { openConnection } from '../../nodes/shared/transport/connect';
import { execOnClient } from '../../nodes/shared/transport/exec';
import { closeAllConnections, pooledConnectionCount, runRemote, type RemoteCommand } from '../../nodes/shared/transport';

const CALLS = 50;
const TARGET_RATIO = 5;
const COMMAND: RemoteCommand = { script: 'printf "%s" "$1"', args: ['pong'], timeoutSeconds: 10, readOnly: true };

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timed(fn: () => Promise<string>): Promise<number> {
	const start = process.hrtime.bigint();
	const out = await fn();
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	if (out !== 'pong') throw new Error(`unexpected answer ${JSON.stringify(out)}`);
	return ms;
}

/** One call on a fresh connection, closed afterwards. */
async function coldCall(sshd: SshdHandle): Promise<string> {
	const { client } = await openConnection(sshd.connection, () => undefined);
	try {
		const handle = execOnClient(client, {
			line: buildCommandLine(COMMAND),
			timeoutSeconds: COMMAND.timeoutSeconds,
			clientTimeoutMs: clientTimeoutMs(COMMAND),
		});
		return (await handle.result).stdout.toString();
	} finally {
		client.end();
	}
}

/** One call the way n8n's SSH node makes it: a fresh ssh2 Client with default options. */
async function n8nStyleCall(sshd: SshdHandle): Promise<string> {
	const client = new Client();
	try {
		await new Promise<void>((resolve, reject) => {
			client.once('ready', resolve).once('error', reject);
			client.connect({ host: sshd.host, port: sshd.port, username: sshd.username, privateKey: sshd.privateKey });
		});
		return await new Promise<string>((resolve, reject) => {
			client.exec(buildCommandLine(COMMAND), (error, stream) => {
				if (error) return reject(error);
				const out: Buffer[] = [];
				stream.on('data', (chunk: Buffer) => out.push(chunk));
				stream.stderr.resume();
				stream.on('close', () => resolve(Buffer.concat(out).toString()));
			});
		});
	} finally {
		client.end();
	}
}

let sshd: SshdHandle;
beforeAll(async () => {
	sshd = await startSshd();
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

test('transport pool: warm calls vs a new connection per call', async () => {
	// One warm-up each, so neither side pays first-use costs (module loading, sshd page cache).
	await coldCall(sshd);
	await n8nStyleCall(sshd);
	await runRemote(sshd.connection, COMMAND);

	const warm: number[] = [];
	const cold: number[] = [];
	const n8n: number[] = [];
	// Interleaved, so background load on the machine hits every series alike.
	for (let i = 0; i < CALLS; i++) {
		warm.push(await timed(async () => (await runRemote(sshd.connection, COMMAND)).stdout.toString()));
		cold.push(await timed(async () => await coldCall(sshd)));
		n8n.push(await timed(async () => await n8nStyleCall(sshd)));
	}
	expect(pooledConnectionCount()).toBe(1);

	const warmMedian = median(warm);
	const coldRatio = median(cold) / warmMedian;
	const n8nRatio = median(n8n) / warmMedian;
	const line = (label: string, values: number[]) => `  ${label.padEnd(44)} median ${median(values).toFixed(2).padStart(8)} ms`;
	process.stdout.write(
		[
			'',
			`transportPool: ${CALLS} calls per series, interleaved, against OpenSSH sshd on 127.0.0.1`,
			line('warm (pooled connection)', warm),
			line('cold (new connection per call, our socket)', cold),
			line('n8n SSH node (new ssh2 connection per call)', n8n),
			`  ratio n8n-node/warm ${n8nRatio.toFixed(2)}x (target >= ${TARGET_RATIO}x: ${n8nRatio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
			`  ratio cold/warm     ${coldRatio.toFixed(2)}x (pooling alone)`,
			'',
		].join('\n'),
	);
});
