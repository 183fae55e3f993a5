/**
 * Benchmark: writing a 150,000-byte note, our way against the block-upload way, over the same
 * real sshd and git vault (with a bare remote) in the same run.
 *
 * - ours: the node's write operation: ONE SSH command, the content once on stdin, checked
 *   (byte count + sha256), compare-and-write under a lock, commit, push.
 * - article: base64 in 64 KB blocks, one SSH command per block appending to a temp file (the
 *   block travels inside the command line, as in the original, to stay under MAX_ARG_STRLEN),
 *   then a final command that checks the exact base64 size, decodes, commits and pushes.
 *
 * Two comparisons, each on a warm pooled connection, alternating ways, medians compared as a
 * ratio (ours / article); round trips are counted by wrapping the transport call:
 * - `write`: the whole write, end to end (transfer, checks, commit, push to the bare remote).
 *   commit + push cost the same in both ways and are most of the time on a loopback link.
 * - `transfer`: the content transfer alone. Ours is the real first phase of the write script
 *   (WRITE_RECEIVE_PHASE: header, path re-check, receive into the spool, byte count and sha256
 *   check); the block-upload way's is its uploads plus the final size check and decode.
 * - `writeVsDeployed`: the whole write against the block-upload way as it ran in production, where
 *   n8n's SSH node opened a new connection per command (connect, exec, dispose; ssh2 defaults).
 * Prints the figures and one JSON line. Figures only: no timed assertion.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Client } from 'ssh2';

import * as write from '../../nodes/HermesVault/actions/note/write.operation';
import { VAULT_PRELUDE } from '../../nodes/HermesVault/scripts/prelude';
import { WRITE_RECEIVE_PHASE } from '../../nodes/HermesVault/scripts/write';
import type { VaultContext } from '../../nodes/HermesVault/helpers/context';
import { closeAllConnections, runRemote } from '../../nodes/shared/transport';
import { buildCommandLine } from '../../nodes/shared/transport/command';
import type { RemoteCommand, RemoteResult } from '../../nodes/shared/transport/types';
import { createGitVault } from '../harness/gitVault';
import { startSshd, type SshdHandle } from '../harness/sshd';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const TARGET_RATIO = 0.5;
const BLOCK_CHARS = 64 * 1024;
/** 150,000 bytes of multi-byte UTF-8 (74,999 characters). */
const NOTE = 'é'.repeat(74_998) + '🙂';

const ARTICLE_APPEND = 'printf %s "$2" >>"$1"';
const ARTICLE_FINAL = `set -u
tmp=$1 expected=$2 root=$3 rel=$4
trap 'rm -f -- "$tmp"' EXIT
[ "$(stat -c %s -- "$tmp" 2>/dev/null)" = "$expected" ] || { echo __WRITE_FAILED__; exit 0; }
mkdir -p -- "$(dirname -- "$root/$rel")"
base64 -d <"$tmp" >"$root/$rel" || { echo __WRITE_FAILED__; exit 0; }
cd -- "$root" && git add -- "$rel" && git commit -q -m "vault: write $rel" -- "$rel" || { echo __WRITE_FAILED__; exit 0; }
if git push -q 2>/dev/null; then echo OK pushed; else echo OK not-pushed; fi
`;

const ARTICLE_RECEIVE = `set -u
tmp=$1 expected=$2
trap 'rm -f -- "$tmp" "$tmp.note"' EXIT
[ "$(stat -c %s -- "$tmp" 2>/dev/null)" = "$expected" ] || { echo __WRITE_FAILED__; exit 0; }
base64 -d <"$tmp" >"$tmp.note" && echo OK received
`;
const OURS_RECEIVE = `${VAULT_PRELUDE}\n${WRITE_RECEIVE_PHASE}\nprintf 'OK received\\n'\n`;

/** One command the way n8n's SSH node runs it: a fresh ssh2 connection with defaults, then closed. */
async function freshConnectionRun(sshd: SshdHandle, command: RemoteCommand): Promise<RemoteResult> {
	const client = new Client();
	try {
		await new Promise<void>((resolve, reject) => {
			client.once('ready', resolve).once('error', reject);
			client.connect({ host: sshd.host, port: sshd.port, username: sshd.username, privateKey: sshd.privateKey });
		});
		return await new Promise<RemoteResult>((resolve, reject) => {
			client.exec(buildCommandLine(command), (error, stream) => {
				if (error) return reject(error);
				const out: Buffer[] = [];
				let exitCode: number | null = null;
				stream.on('data', (chunk: Buffer) => out.push(chunk));
				stream.stderr.resume();
				stream.on('exit', (code: number | null) => (exitCode = code));
				stream.on('close', () => resolve({ stdout: Buffer.concat(out), stderr: '', exitCode }));
				stream.end(command.stdin ?? undefined);
			});
		});
	} finally {
		client.end();
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface Comparison {
	ours: { roundTrips: number; medianMs: number };
	article: { roundTrips: number; medianMs: number };
	ratio: number;
}

export interface VaultWriteBenchResult {
	bench: 'vaultWrite';
	noteBytes: number;
	iterations: number;
	write: Comparison;
	transfer: Comparison;
	writeVsDeployed: Comparison;
}

type Way = (i: number) => Promise<void>;

/** Runs both ways `iterations` times, alternating which goes first; medians and round trips. */
async function compare(iterations: number, commands: () => number, ways: { ours: Way; article: Way }): Promise<Comparison> {
	await ways.ours(-1);
	await ways.article(-1);
	const timings = { ours: [] as number[], article: [] as number[] };
	const trips = { ours: 0, article: 0 };
	for (let i = 0; i < iterations; i++) {
		for (const way of i % 2 ? (['article', 'ours'] as const) : (['ours', 'article'] as const)) {
			const before = commands();
			const started = process.hrtime.bigint();
			await ways[way](i);
			timings[way].push(Number(process.hrtime.bigint() - started) / 1e6);
			trips[way] = commands() - before;
		}
	}
	const ours = median(timings.ours);
	const article = median(timings.article);
	const round = (ms: number) => Math.round(ms * 10) / 10;
	return {
		ours: { roundTrips: trips.ours, medianMs: round(ours) },
		article: { roundTrips: trips.article, medianMs: round(article) },
		ratio: Math.round((ours / article) * 1000) / 1000,
	};
}

export async function runVaultWriteBench(iterations = ITERATIONS): Promise<VaultWriteBenchResult> {
	const sshd = await startSshd();
	const vault = createGitVault();
	try {
		let commands = 0;
		const run = async (command: RemoteCommand) => {
			commands++;
			return await runRemote(sshd.connection, command);
		};
		const ctx: VaultContext = { vaultPath: vault.root, run };
		const note = (path: string) => (name: string) => ({ path, content: NOTE, baseHash: '', writePrefixes: 'research/' } as Record<string, unknown>)[name];

		const ours = async (i: number) => {
			const answer = await write.execute(ctx, note(`research/ours-${i}.md`));
			if (answer.success !== true || answer.pushed !== true) throw new Error(`ours failed: ${JSON.stringify(answer)}`);
		};
		const fresh = async (command: RemoteCommand) => {
			commands++;
			return await freshConnectionRun(sshd, command);
		};
		const upload = async (tmp: string, encoded: string, runner = run) => {
			for (let at = 0; at < encoded.length; at += BLOCK_CHARS) {
				await runner({ script: ARTICLE_APPEND, args: [tmp, encoded.slice(at, at + BLOCK_CHARS)], timeoutSeconds: 30, readOnly: false });
			}
		};
		const articleWith = (runner: typeof run, tag: string) => async (i: number) => {
			const encoded = Buffer.from(NOTE, 'utf8').toString('base64');
			const tmp = join(tmpdir(), `hermes-bench-${process.pid}-${tag}-${i}.b64`);
			await upload(tmp, encoded, runner);
			const result = await runner({
				script: ARTICLE_FINAL,
				args: [tmp, String(encoded.length), vault.root, `research/${tag}-${i}.md`],
				timeoutSeconds: 60,
				readOnly: false,
			});
			if (result.stdout.toString() !== 'OK pushed\n') throw new Error(`article failed: ${result.stdout.toString()} ${result.stderr}`);
		};
		const article = articleWith(run, 'article');

		const writeComparison = await compare(iterations, () => commands, { ours, article });

		const noteBytes = Buffer.from(NOTE, 'utf8');
		const digestHex = createHash('sha256').update(noteBytes).digest('hex');
		const oursTransfer = async (i: number) => {
			const result = await run({
				script: OURS_RECEIVE,
				args: [vault.root, String(noteBytes.length), digestHex, 'research/', '30', '30'],
				stdin: Buffer.concat([Buffer.from(`research/transfer-${i}.md\n\n`), noteBytes]),
				timeoutSeconds: 30,
				readOnly: false,
			});
			if (result.stdout.toString() !== 'OK received\n') throw new Error(`ours transfer failed: ${result.stdout.toString()}`);
		};
		const articleTransfer = async (i: number) => {
			const encoded = noteBytes.toString('base64');
			const tmp = join(tmpdir(), `hermes-bench-transfer-${process.pid}-${i}.b64`);
			await upload(tmp, encoded);
			const result = await run({ script: ARTICLE_RECEIVE, args: [tmp, String(encoded.length)], timeoutSeconds: 30, readOnly: false });
			if (result.stdout.toString() !== 'OK received\n') throw new Error(`article transfer failed: ${result.stdout.toString()}`);
		};
		const transferComparison = await compare(iterations, () => commands, { ours: oursTransfer, article: articleTransfer });
		const oursAgain = async (i: number) => await ours(1000 + i);
		const deployedComparison = await compare(iterations, () => commands, { ours: oursAgain, article: articleWith(fresh, 'deployed') });

		// Both ways wrote the same bytes.
		const digest = (rel: string) => createHash('sha256').update(vault.git('show', `HEAD:${rel}`)).digest('hex');
		if (digest('research/ours-0.md') !== digest('research/article-0.md')) throw new Error('the two ways wrote different bytes');

		return {
			bench: 'vaultWrite',
			noteBytes: noteBytes.length,
			iterations,
			write: writeComparison,
			transfer: transferComparison,
			writeVsDeployed: deployedComparison,
		};
	} finally {
		await closeAllConnections();
		await sshd.stop();
		vault.remove();
	}
}

// Under jest (the bench runner), one test that runs the benchmark and prints its result.
if (typeof test === 'function') {
	test('vault write: one round trip against a block upload', async () => {
		const result = await runVaultWriteBench();
		const line = (label: string, c: Comparison) =>
			`  ${label.padEnd(56)} ours ${c.ours.roundTrips} trip ${c.ours.medianMs.toFixed(1).padStart(7)} ms | article ${c.article.roundTrips} trips ${c.article.medianMs.toFixed(1).padStart(7)} ms | ratio ${c.ratio.toFixed(3)} (target <= ${TARGET_RATIO}: ${c.ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`;
		process.stdout.write(
			[
				'',
				`vaultWrite: ${result.noteBytes}-byte note, ${result.iterations} runs per way, alternating, OpenSSH sshd + git on 127.0.0.1`,
				line('write, end to end (commit + push), warm pool both', result.write),
				line('transfer alone, warm pool both', result.transfer),
				line('write vs article as deployed (connection per command)', result.writeVsDeployed),
				JSON.stringify(result),
				'',
			].join('\n'),
		);
		expect(result.write.ours.roundTrips).toBe(1);
		expect(result.write.article.roundTrips).toBe(5);
		expect(result.transfer.ours.roundTrips).toBe(1);
		expect(result.transfer.article.roundTrips).toBe(5);
		expect(result.writeVsDeployed.article.roundTrips).toBe(5);
	}, 600_000);
}
