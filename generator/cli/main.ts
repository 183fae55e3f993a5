#!/usr/bin/env node
/**
 * hermes-workflows: the command-line tool. Each command lives in commands/<name>.ts and exports
 * register(program). Exit codes: 0 ok, 1 findings/mismatch, 2 bad input/usage/unreachable.
 */
import { Command } from 'commander';

import { packageVersion } from '../project/packageRoot';
import { EXIT, toCliError } from './errors';

import { register as registerCheckOdoo } from './commands/checkOdoo';
import { register as registerDiff } from './commands/diff';
import { register as registerGenerate } from './commands/generate';
import { register as registerImport } from './commands/import';
import { register as registerInit } from './commands/init';
import { register as registerLint } from './commands/lint';
import { register as registerPull } from './commands/pull';
import { register as registerPush } from './commands/push';

export function buildProgram(): Command {
	const program = new Command();
	program
		.name('hermes-workflows')
		.description(
			'Workflow-as-code for the Hermes MCP tools: generate the n8n workflows from the catalogue, lint workflow JSON, push/pull/diff through the n8n API, check Odoo, import existing workflows.',
		)
		.version(packageVersion(), '-V, --version', 'print the version')
		.showHelpAfterError()
		// Usage errors exit 2, as documented; commander's default is 1.
		.exitOverride((error) => {
			if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') process.exit(0);
			process.exit(error.exitCode === 0 ? 0 : 2);
		});
	registerInit(program);
	registerGenerate(program);
	registerCheckOdoo(program);
	registerImport(program);
	registerLint(program);
	registerPush(program);
	registerPull(program);
	registerDiff(program);
	return program;
}

/** Runs the CLI on `argv`; an error no command handled is one `error:` line and exit 2. */
export function run(argv: string[]): void {
	buildProgram()
		.parseAsync(argv)
		.catch((error: unknown) => {
			// Commands report what they expect themselves; this is the last stop for anything else.
			const known = toCliError(error);
			const message = known?.message ?? (error instanceof Error ? error.message : String(error));
			const hint = known?.hint ?? 'this is unexpected: run again with the same input, and report it with this message if it persists';
			process.stderr.write(`error: ${message}\nhint: ${hint}\n`);
			process.exit(known?.exitCode ?? EXIT.failed);
		});
}

if (require.main === module) run(process.argv);
