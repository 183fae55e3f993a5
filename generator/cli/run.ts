/**
 * The one error path of every command: an expected failure (a HermesError, or a file-system error
 * that becomes one) is printed here and gives its exit code; anything else is a bug and is thrown.
 */
import { expectedError, HermesError } from '../errors';
import type { CommandIo } from './io';

/** One line: list items and continuation lines joined with "; ". */
function oneLine(text: string): string {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.join('; ')
		.replace(/:; /g, ': ');
}

/**
 * Prints a failure: one `error:` and one `hint:` line on stderr, and in json format also one
 * document on stdout, in the `{ ok, ... }` shape of every command's JSON.
 */
export function reportError(io: Pick<CommandIo, 'stdout' | 'stderr'>, format: string | undefined, error: HermesError<string>): void {
	const message = oneLine(error.message);
	const hint = oneLine(error.hint);
	io.stderr(`error: ${message}\nhint: ${hint}\n`);
	if (format === 'json') io.stdout(`${JSON.stringify({ ok: false, error: { kind: error.kind, message, hint } }, null, 2)}\n`);
}

/** What the CLI prints for an error no part expected. */
export function unexpectedError(error: unknown): HermesError {
	const message = error instanceof Error ? error.message : String(error);
	return new HermesError(message, 'this is unexpected: run again with the same input, and report it with this message if it persists', 'internal');
}

/**
 * Runs a command body (sync or async); an expected failure is reported and gives its exit code,
 * anything else is a bug and is thrown.
 */
export function runCommand(io: CommandIo, format: string | undefined, body: () => number): number;
export function runCommand(io: CommandIo, format: string | undefined, body: () => Promise<number>): Promise<number>;
export function runCommand(io: CommandIo, format: string | undefined, body: () => number | Promise<number>): number | Promise<number> {
	const report = (error: unknown): number => {
		const known = expectedError(error);
		if (!known) throw error;
		reportError(io, format, known);
		return known.exitCode;
	};
	try {
		const result = body();
		return typeof result === 'number' ? result : result.catch(report);
	} catch (error) {
		return report(error);
	}
}
