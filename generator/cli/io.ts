/** The one place commands read their environment and write their output, so tests pass their own. */
import { EXIT } from '../errors';
import type { RequestEvent } from '../n8nClient/client';

export interface CommandIo {
	stdout: (text: string) => void;
	stderr: (text: string) => void;
	env: NodeJS.ProcessEnv;
	/** Sees every HTTP exchange with n8n (tests count writes with it). */
	onRequest?: (event: RequestEvent) => void;
}

export const processIo: CommandIo = {
	stdout: (text) => process.stdout.write(text),
	stderr: (text) => process.stderr.write(text),
	env: process.env,
};

/** Every command prints text for people or one JSON document for programs. */
export const OUTPUT_FORMATS = ['text', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How a command hands its exit code to the program that runs it. */
export type Exit = (code: number) => void;

/**
 * A reader that stops reading (`hermes-workflows generate --help | head`) closes the pipe under
 * the command: its next write fails with EPIPE, which Node throws as an uncaught error. Nobody is
 * left to read the rest, so that ends the process quietly with 0, as the reader asked for no more;
 * any other failure of the stream is thrown as before.
 */
export function endQuietlyWhenReaderLeaves(stream: Pick<NodeJS.WriteStream, 'on'>, exit: (code: number) => void): void {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code !== 'EPIPE') throw error;
		exit(EXIT.ok);
	});
}

/** The installed command's Exit: the process ends with that code once its output is written. */
export const processExit: Exit = (code) => {
	process.exitCode = code;
};
