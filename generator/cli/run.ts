/** The one error path of every command: expected failures become `error:` + `hint:` and an exit code. */
import { toCliError } from './errors';
import type { CommandIo, OutputFormat } from './io';

/** Prints a failure: two lines on stderr, and in json format one document on stdout. */
export function reportError(io: CommandIo, format: OutputFormat | undefined, error: { message: string; hint: string; kind: string }): void {
	io.stderr(`error: ${error.message}\nhint: ${error.hint}\n`);
	if (format === 'json')
		io.stdout(`${JSON.stringify({ ok: false, error: { kind: error.kind, message: error.message, hint: error.hint } }, null, 2)}\n`);
}

/** Runs a command body; an expected failure is reported and gives its exit code, anything else is a bug and is thrown. */
export async function runCommand(io: CommandIo, format: OutputFormat | undefined, body: () => number | Promise<number>): Promise<number> {
	try {
		return await body();
	} catch (error) {
		const known = toCliError(error);
		if (!known) throw error;
		reportError(io, format, known);
		return known.exitCode;
	}
}
