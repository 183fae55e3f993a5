/**
 * What push, pull, diff, remove and lint --live share on the command line: the connection options
 * (`--url`/`--api-key`, or N8N_API_URL/N8N_API_KEY), `--config`, and progress output.
 */
import type { Command } from 'commander';

import type { DesiredDeployment } from '../deploy/desired';
import { UsageError } from '../errors';
import { N8nApiClient } from '../n8nClient/client';
import { N8nApiError } from '../n8nClient/errors';
import type { CommandIo, Exit, OutputFormat } from './io';
import { configOption, formatOption } from './options';
import { runCommand } from './run';

export interface ApiCommandOptions {
	url?: string;
	apiKey?: string;
	config?: string;
}

/** Commands that print a report: text or json. */
export interface ReportOptions {
	format?: OutputFormat;
}

export function addApiOptions(command: Command): Command {
	return command
		.option('--url <url>', 'n8n base URL, e.g. http://127.0.0.1:5678 (default: env N8N_API_URL)')
		.option('--api-key <key>', 'n8n API key, Settings > n8n API (default: env N8N_API_KEY)')
		.addOption(configOption());
}

export function clientFrom(options: ApiCommandOptions, io: CommandIo): N8nApiClient {
	const url = options.url ?? io.env.N8N_API_URL;
	const apiKey = options.apiKey ?? io.env.N8N_API_KEY;
	if (!url) throw new UsageError('no n8n URL', 'pass --url http://<host>:5678 or set N8N_API_URL');
	if (!apiKey) throw new UsageError('no n8n API key', 'pass --api-key or set N8N_API_KEY (create one in n8n under Settings > n8n API)');
	return new N8nApiClient({ url, apiKey, onRequest: io.onRequest });
}

/**
 * One read that only n8n's public API answers with a list (any key that may push may list
 * workflows): a --url that reaches no server, or another one, fails here with the error that
 * says so. push's first read is the credential list, which an n8n answers 403 to a key that may
 * not list credentials and 404 without the route, as any other server answers 404: push then
 * printed a note about the key's scopes before the error about the URL.
 */
export async function confirmN8nApi(client: N8nApiClient): Promise<void> {
	const path = '/workflows?limit=1';
	const page = await client.request<{ data?: unknown } | undefined>('GET', path);
	if (Array.isArray(page?.data)) return;
	throw new N8nApiError(
		`GET ${client.root}${path} answered without a list of workflows (${JSON.stringify(page ?? null).slice(0, 80)})`,
		200,
		'GET',
		`${client.root}${path}`,
		'check --url points at n8n itself (its public API, /api/v1), not at a proxy or another service',
	);
}

/** In json format progress lines go to stderr, so stdout holds the one JSON document. */
export function progressLog(io: CommandIo, format: OutputFormat | undefined): (line: string) => void {
	return format === 'json' ? (line) => io.stderr(`${line}\n`) : (line) => io.stdout(`${line}\n`);
}

/**
 * Runs an API command's body on what the config deploys and a client of the n8n the options name,
 * as every command runs (runCommand). The deployment code is loaded when the command runs, so
 * other commands start without the n8n client and the builders.
 */
export function runOnDeployment(
	options: ApiCommandOptions & ReportOptions,
	io: CommandIo,
	body: (desired: DesiredDeployment, client: N8nApiClient, log: (line: string) => void) => Promise<number>,
): Promise<number> {
	return runCommand(io, options.format, async () => {
		const { desiredDeployment } = await import('../deploy/desired');
		const desired = desiredDeployment(options.config);
		return body(desired, clientFrom(options, io), progressLog(io, options.format));
	});
}

/** What a command that talks to n8n's API adds to the common options (--url, --api-key, -c, --format). */
export interface ApiCommandSpec<O> {
	name: string;
	description: string;
	/** Its own options: [flags, description] (and a default). */
	options?: ReadonlyArray<readonly [string, string, string?]>;
	/** The help's tail: exit codes and an example. */
	help: string;
	run(options: O, io: CommandIo): Promise<number>;
}

/** Registers one API command: the common options, its own, its help, and its run as the exit code. */
export function registerApiCommand<O>(program: Command, spec: ApiCommandSpec<O>, io: CommandIo, exit: Exit): void {
	const command = addApiOptions(program.command(spec.name).description(spec.description)).addOption(formatOption());
	for (const [flags, description, fallback] of spec.options ?? []) command.option(flags, description, fallback);
	command.addHelpText('after', `\n${spec.help}`).action(async (options: O) => {
		exit(await spec.run(options, io));
	});
}
