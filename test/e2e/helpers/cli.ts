/** Runs the built `hermes-workflows` CLI (generator/dist/generator/cli/main.js) as a user would. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { REPO_ROOT } from './repoRoot';

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

export const CLI_MAIN = join(REPO_ROOT, 'generator', 'dist', 'generator', 'cli', 'main.js');

/** `hermes-workflows <args>`: the repository's build by default, or another entry (an installed copy). */
export function runCli(args: string[], timeoutMs = 120_000, options: { main?: string; cwd?: string } = {}): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [options.main ?? CLI_MAIN, ...args], {
			cwd: options.cwd ?? REPO_ROOT,
			env: { ...process.env, N8N_API_URL: '', N8N_API_KEY: '' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
		});
	});
}
