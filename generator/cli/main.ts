#!/usr/bin/env node
/**
 * hermes-workflows: the command-line tool. Each command lives in commands/<name>.ts and exports
 * register(program, io, exit); COMMANDS lists them. Exit codes: 0 ok, 1 findings/mismatch, 2 bad
 * input/usage/unreachable.
 */
import { Command, CommanderError } from 'commander';

import { EXIT, UsageError } from '../errors';
import { packageVersion } from '../runtime/packageRoot';
import { announceConfig } from './configSource';
import { endQuietlyWhenReaderLeaves, processExit, processIo, type CommandIo, type Exit } from './io';
import { reportError, unexpectedError } from './run';

/** The files of commands/, in the order of `hermes-workflows --help`: the one list of commands. */
export const COMMANDS = ['init', 'generate', 'checkOdoo', 'import', 'lint', 'push', 'remove', 'pull', 'diff', 'doctor', 'calls', 'exporter', 'alertRules', 'agentConfig'] as const;

interface CommandModule {
	register(program: Command, io: CommandIo, exit: Exit): void;
}

/** The program; commander's own failures are thrown (as CommanderError) for runCli to print. */
export function buildProgram(io: CommandIo = processIo, exit: Exit = processExit): Command {
	const program = new Command();
	program
		.name('hermes-workflows')
		.description(
			'Workflow-as-code for the Hermes MCP tools: generate the n8n workflows from the catalogue, lint workflow JSON, push/pull/diff/remove through the n8n API, check a live deployment (doctor), check Odoo, import existing workflows, print an MCP client\'s config.',
		)
		.version(packageVersion(), '-V, --version', 'print the version')
		// Set before the commands are added, so each inherits them.
		.exitOverride()
		.configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => undefined })
		.hook('preAction', (_program, command) => announceConfig(command, io));
	for (const name of COMMANDS) {
		// By name from the one list; each file is a module of this package, compiled beside this one.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		(require(`./commands/${name}`) as CommandModule).register(program, io, exit);
	}
	return program;
}

/** The value of `--format` on the command line, for a failure before any command ran. */
function formatIn(argv: readonly string[]): string | undefined {
	const at = argv.lastIndexOf('--format');
	return at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith('--format='))?.slice('--format='.length);
}

/** Runs the CLI on `argv` (node, script, args...) and gives its exit code. */
export async function runCli(argv: string[], io: CommandIo = processIo): Promise<number> {
	let code: number = EXIT.ok;
	const program = buildProgram(io, (exitCode) => (code = exitCode));
	try {
		await program.parseAsync(argv);
		return code;
	} catch (error) {
		if (error instanceof CommanderError) {
			if (error.exitCode === 0) return EXIT.ok; // --help, --version
			// A usage mistake: exit 2 as documented (commander's default is 1).
			if (error.code === 'commander.help') return EXIT.failed; // no command given: commander printed the help
			const named = argv.slice(2).find((arg) => !arg.startsWith('-'));
			const command = program.commands.find((c) => c.name() === named);
			const help = `hermes-workflows ${command ? `${command.name()} ` : ''}--help`;
			reportError(io, formatIn(argv), new UsageError(error.message.replace(/^error: /, ''), `see \`${help}\``));
			return EXIT.failed;
		}
		// The last stop for a failure no command expected: a bug.
		reportError(io, formatIn(argv), unexpectedError(error));
		return EXIT.failed;
	}
}

/** The installed command (bin/hermes-workflows.js): runs the CLI and sets the process's exit code. */
export function run(argv: string[]): void {
	for (const stream of [process.stdout, process.stderr]) endQuietlyWhenReaderLeaves(stream, (code) => process.exit(code));
	void runCli(argv).then((code) => (process.exitCode = code));
}

if (require.main === module) run(process.argv);
