#!/usr/bin/env node
/**
 * hermes-workflows: the command-line tool. Each command lives in commands/<name>.ts and exports
 * register(program). Exit codes: 0 ok, 1 findings/mismatch, 2 bad input/usage/unreachable.
 */
import { Command } from 'commander';

import { register as registerCheckOdoo } from './commands/checkOdoo';
import { register as registerDiff } from './commands/diff';
import { register as registerGenerate } from './commands/generate';
import { register as registerImport } from './commands/import';
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
		.showHelpAfterError()
		// Usage errors exit 2, as documented; commander's default is 1.
		.exitOverride((error) => {
			if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') process.exit(0);
			process.exit(error.exitCode === 0 ? 0 : 2);
		});
	registerGenerate(program);
	registerCheckOdoo(program);
	registerImport(program);
	registerLint(program);
	registerPush(program);
	registerPull(program);
	registerDiff(program);
	return program;
}

if (require.main === module) {
	buildProgram()
		.parseAsync(process.argv)
		.catch((error: unknown) => {
			process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
			process.exit(2);
		});
}
