/**
 * What push, pull, diff and lint --live share on the command line: the connection options
 * (`--url`/`--api-key`, or N8N_API_URL/N8N_API_KEY), `--config`, output, and the mapping of
 * failures to exit code 2 with a message that says what to do.
 */
import { Option, type Command } from 'commander';

import { CliError } from '../cli/errors';
import { OUTPUT_FORMATS, type CommandIo, type OutputFormat } from '../cli/io';
import { runCommand } from '../cli/run';
import { N8nApiClient } from './client';

export { processIo, type CommandIo } from '../cli/io';

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
		.option('-c, --config <file>', 'project config (default: hermes.config.ts or .json in this folder, else the built-in default)');
}

export function addFormatOption(command: Command): Command {
	return command.addOption(
		new Option('--format <format>', 'output: text for people, json for programs').choices([...OUTPUT_FORMATS]).default('text'),
	);
}

/** A command-line mistake (a missing option, an option that conflicts with another). */
export class UsageError extends CliError {
	constructor(message: string, hint: string) {
		super(message, hint, 'usage');
		this.name = 'UsageError';
	}
}

export function clientFrom(options: ApiCommandOptions, io: CommandIo): N8nApiClient {
	const url = options.url ?? io.env.N8N_API_URL;
	const apiKey = options.apiKey ?? io.env.N8N_API_KEY;
	if (!url) throw new UsageError('no n8n URL', 'pass --url http://<host>:5678 or set N8N_API_URL');
	if (!apiKey) throw new UsageError('no n8n API key', 'pass --api-key or set N8N_API_KEY (create one in n8n under Settings > n8n API)');
	return new N8nApiClient({ url, apiKey, onRequest: io.onRequest });
}

/** Runs a command body through the CLI's one error path. */
export function runApiCommand(io: CommandIo, body: () => Promise<number>, format?: OutputFormat): Promise<number> {
	return runCommand(io, format, body);
}

/** In json format progress lines go to stderr, so stdout holds the one JSON document. */
export function progressLog(io: CommandIo, format: OutputFormat | undefined): (line: string) => void {
	return format === 'json' ? (line) => io.stderr(`${line}\n`) : (line) => io.stdout(`${line}\n`);
}
