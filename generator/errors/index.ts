/**
 * The errors every part of hermes-workflows throws for a failure it expects (bad config or
 * catalogue, n8n refusing, a file it cannot write): each carries its message, what to do about
 * it, its kind and the exit code as fields, so the CLI prints them all the same way.
 */
// A folder of its own that imports nothing: every folder can throw these, and the CLI can recognise
// them with `instanceof` without loading the modules that throw them (jiti, the builders, the n8n client).

/** Exit codes of every command: 0 ok, 1 findings or drift, 2 could not run. */
export const EXIT = { ok: 0, findings: 1, failed: 2 } as const;

/** What went wrong, for programs reading `--format json`. */
export type ErrorKind = 'usage' | 'config' | 'catalogue' | 'input' | 'filesystem' | 'n8n' | 'odoo' | 'dependency' | 'internal';

/**
 * A failure a person can act on: `message` says what happened, `hint` what to do. A subclass may
 * name its kinds more finely (check-odoo's `unreachable`, `wrong-db`, ...).
 */
export class HermesError<Kind extends string = ErrorKind> extends Error {
	constructor(
		message: string,
		readonly hint: string,
		readonly kind: Kind,
		readonly exitCode: number = EXIT.failed,
	) {
		super(message);
		this.name = new.target.name;
	}
}

/** A command-line mistake (a missing option, an option that conflicts with another). */
export class UsageError extends HermesError {
	constructor(message: string, hint: string) {
		super(message, hint, 'usage');
	}
}

const FS_HINTS: Record<string, string> = {
	EACCES: 'check the permissions of that path, or write somewhere else (-o DIR)',
	EPERM: 'check the permissions of that path, or write somewhere else (-o DIR)',
	EROFS: 'that file system is read-only: write somewhere else (-o DIR)',
	ENOENT: 'check the path: it does not exist',
	ENOTDIR: 'a part of that path is a file, not a folder',
	EISDIR: 'give a file there, not a folder',
	EEXIST: 'something is already there: move it away or choose another path',
	ENOSPC: 'the disk is full: free some space and run again',
};

/** A Node.js file-system error (EACCES, ENOTDIR, ...) as a HermesError; undefined for any other error. */
function fileSystemError(error: unknown): HermesError | undefined {
	// Told apart by `code`, not by class: Node's own errors may come from another realm (a vm, jest).
	if (typeof error !== 'object' || error === null) return undefined;
	const { code, syscall, path, message } = error as NodeJS.ErrnoException;
	if (typeof code !== 'string' || !(code in FS_HINTS)) return undefined;
	const what = syscall && path ? `cannot ${syscall} ${path}` : message;
	return new HermesError(`${what} (${code})`, FS_HINTS[code], 'filesystem');
}

/** The HermesError for a failure a part expects; undefined for anything else (a bug). */
export function expectedError(error: unknown): HermesError<string> | undefined {
	return error instanceof HermesError ? error : fileSystemError(error);
}
