import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * A connection lost while a manage action runs: the action may already have been carried out,
 * so the answer must not tell the agent to simply retry it. Real OpenSSH sshd (killed mid-action)
 * and the real node; `docker` is a small shell stand-in (it plays `docker compose`, which cannot
 * run here) whose restart marks that it ran and then hangs.
 */
jest.setTimeout(60_000);

let sshd: SshdHandle;
let dir: string;
const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'hermes-docker-lost-'));
	const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
	writeFileSync(
		join(dir, 'docker'),
		[
			'#!/bin/sh',
			'case "$*" in',
			`  "compose ls --all --format json") echo '[{"Name":"web","Status":"running(1)","ConfigFiles":"/srv/web/compose.yml"}]' ;;`,
			'  "inspect --type container web") echo "Error: No such container: web" >&2; exit 1 ;;',
			`  *" restart") : >${quote(join(dir, 'restarted'))}; sleep 30 ;;`,
			'  *) exit 2 ;;',
			'esac',
			'',
		].join('\n'),
	);
	chmodSync(join(dir, 'docker'), 0o755);
	sshd = await startSshd();
});

afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	rmSync(dir, { recursive: true, force: true });
});

test('a restart cut off by a lost connection is __UNAVAILABLE__ saying it may have run: check status, do not just retry', async () => {
	const running = executeNode(new HermesDocker(), {
		parameters: { dockerCommand: join(dir, 'docker'), operation: 'restart', stack: 'web' },
		credentials: { hermesSshApi: sshd.credentials },
	});
	for (let i = 0; i < 200 && !existsSync(join(dir, 'restarted')); i++) await pause(50);
	expect(existsSync(join(dir, 'restarted'))).toBe(true);
	await sshd.kill();
	const [out] = await running;
	// Read (status) before running it again: the restart may have happened.
	expect(out).toEqual([
		{ json: { success: false, error: '__UNAVAILABLE__', hint: expect.any(String), retry: 'after_read', state: expect.stringMatching(/^(unreachable|timeout)$/) }, pairedItem: { item: 0 } },
	]);
	const hint = String(out[0].json.hint);
	expect(hint).toMatch(/may have/);
	expect(hint).toMatch(/status/);
	expect(hint).not.toMatch(/retry later/);
});
