/**
 * What push, pull, diff and lint --live share on the command line: the connection options
 * (`--url`/`--api-key`, or N8N_API_URL/N8N_API_KEY), `--config`, output, and the mapping of
 * failures to exit code 2 with a message that says what to do.
 */
import type { Command } from 'commander';

import { ConfigError } from '../config';
import { BodyError } from './body';
import { N8nApiClient, type RequestEvent } from './client';
import { DependencyCycleError } from './desired';
import { N8nApiError } from './errors';
import { AmbiguousNameError } from './exactName';
import { PushError } from './push';
import { UnresolvedError } from './resolve';

export interface ApiCommandOptions {
	url?: string;
	apiKey?: string;
	config?: string;
}

export interface CommandIo {
	stdout: (text: string) => void;
	stderr: (text: string) => void;
	env: NodeJS.ProcessEnv;
	/** Sees every HTTP exchange (tests count writes with it). */
	onRequest?: (event: RequestEvent) => void;
}

export const processIo: CommandIo = {
	stdout: (text) => process.stdout.write(text),
	stderr: (text) => process.stderr.write(text),
	env: process.env,
};

export function addApiOptions(command: Command): Command {
	return command
		.option('--url <url>', 'n8n base URL, e.g. http://127.0.0.1:5678 (default: env N8N_API_URL)')
		.option('--api-key <key>', 'n8n API key, Settings > n8n API (default: env N8N_API_KEY)')
		.option('-c, --config <file>', 'deployment config JSON (as for generate); overrides the embedded default');
}

export class UsageError extends Error {}

export function clientFrom(options: ApiCommandOptions, io: CommandIo): N8nApiClient {
	const url = options.url ?? io.env.N8N_API_URL;
	const apiKey = options.apiKey ?? io.env.N8N_API_KEY;
	if (!url) throw new UsageError('no n8n URL: pass --url http://<host>:5678 or set N8N_API_URL');
	if (!apiKey) throw new UsageError('no API key: pass --api-key or set N8N_API_KEY (create one in n8n under Settings > n8n API)');
	return new N8nApiClient({ url, apiKey, onRequest: io.onRequest });
}

const EXPECTED = [UsageError, N8nApiError, ConfigError, BodyError, UnresolvedError, AmbiguousNameError, DependencyCycleError, PushError];

/** Runs a command body; expected failures print `error: ...` and give exit code 2. */
export async function runApiCommand(io: CommandIo, body: () => Promise<number>): Promise<number> {
	try {
		return await body();
	} catch (error) {
		if (!EXPECTED.some((kind) => error instanceof kind)) throw error;
		io.stderr(`error: ${(error as Error).message}\n`);
		return 2;
	}
}
