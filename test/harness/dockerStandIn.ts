import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A `docker` command for tests: the compose plugin cannot run here (none is packaged for Debian
 * or npm), so where the node runs `docker compose` (logs, manage actions, reads where the daemon's
 * socket is out of reach) its Docker Command setting points at this stand-in
 * (test/fixtures/docker/docker-stand-in.js), which records every argv it receives and answers
 * like Docker's `--format json`. Everything around it (sshd, the SSH transport, the node) is
 * real; reads from the real engine are in test/integration/docker/dockerEngine.test.ts.
 */
export interface DockerStandIn {
	/** Absolute path to give the node as `dockerCommand`. */
	command: string;
	dir: string;
	/**
	 * argv of every call so far, in order, but for `context inspect`: the node asks that once in a
	 * while to find the daemon's socket (none listens here, so it then runs the command).
	 */
	calls(): string[][];
	/** How many times the node asked where the daemon is (`context inspect`). */
	endpointProbes(): number;
	clear(): void;
	remove(): void;
}

const FIXTURES = resolve(__dirname, '../fixtures/docker');

export function createDockerStandIn(): DockerStandIn {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-docker-'));
	copyFileSync(join(FIXTURES, 'state.json'), join(dir, 'state.json'));
	const command = join(dir, 'docker');
	const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
	writeFileSync(
		command,
		[
			'#!/bin/sh',
			`HERMES_STANDIN_DIR=${quote(dir)}`,
			'export HERMES_STANDIN_DIR',
			`exec ${quote(process.execPath)} ${quote(join(FIXTURES, 'docker-stand-in.js'))} "$@"`,
			'',
		].join('\n'),
	);
	chmodSync(command, 0o755);
	const log = join(dir, 'calls.jsonl');
	writeFileSync(log, '');
	const everyCall = () =>
		readFileSync(log, 'utf8')
			.split('\n')
			.filter((line) => line.trim())
			.map((line) => (JSON.parse(line) as { argv: string[] }).argv);
	const isProbe = (argv: string[]) => argv[0] === 'context' && argv[1] === 'inspect';
	return {
		command,
		dir,
		calls: () => everyCall().filter((argv) => !isProbe(argv)),
		endpointProbes: () => everyCall().filter(isProbe).length,
		clear: () => writeFileSync(log, ''),
		remove: () => rmSync(dir, { recursive: true, force: true }),
	};
}
