/**
 * The CLI's one error type: a message, what to do about it, and the documented exit code. Every
 * failure a command expects (bad config or catalogue, n8n refusing, a file it cannot write) is
 * turned into one here, so all commands answer the same way: one `error:` and one `hint:` line.
 */
// Errors are told apart by name, not by class: importing every module that defines one would
// load the whole CLI (jiti, the builders, the n8n client) before any command runs.

/** Exit codes of every command: 0 ok, 1 findings or drift, 2 could not run. */
export const EXIT = { ok: 0, findings: 1, failed: 2 } as const;

export type ErrorKind = 'usage' | 'config' | 'catalogue' | 'input' | 'filesystem' | 'n8n' | 'odoo';

export class CliError extends Error {
	constructor(
		message: string,
		readonly hint: string,
		readonly kind: ErrorKind = 'usage',
		readonly exitCode: number = EXIT.failed,
	) {
		super(message);
		this.name = 'CliError';
	}
}

/** One line: list items and continuation lines joined with "; ". */
function oneLine(text: string): string {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.join('; ')
		.replace(/:; /g, ': ');
}

/** Messages written with an inline "hint:" line are split into message and hint. */
function splitHint(message: string, fallback: string): { message: string; hint: string } {
	const at = message.indexOf('\n  hint: ');
	if (at < 0) return { message: oneLine(message), hint: fallback };
	return {
		message: oneLine(message.slice(0, at)),
		hint: oneLine(message.slice(at + '\n  hint: '.length)),
	};
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

function fsError(error: NodeJS.ErrnoException): CliError | undefined {
	if (typeof error.code !== 'string' || !(error.code in FS_HINTS)) return undefined;
	const what = error.syscall && error.path ? `cannot ${error.syscall} ${error.path}` : oneLine(error.message);
	return new CliError(`${what} (${error.code})`, FS_HINTS[error.code], 'filesystem');
}

/** An error of the named class (each of the CLI's error classes sets its `name`). */
function named(error: unknown, name: string): error is Error & { hint?: unknown } {
	return error instanceof Error && error.name === name;
}

/** The hint an error carries itself, if any. */
function ownHint(error: Error & { hint?: unknown }, fallback: string): string {
	return typeof error.hint === 'string' && error.hint ? error.hint : fallback;
}

/** The CliError for a failure a command expects; undefined for anything else (a bug). */
export function toCliError(error: unknown): CliError | undefined {
	if (error instanceof CliError) return error;
	if (named(error, 'ConfigError')) {
		return new CliError(
			oneLine(error.message),
			'fix the config file named above (each problem gives its key), or pass another with -c',
			'config',
		);
	}
	if (named(error, 'CatalogueError')) {
		return new CliError(
			oneLine(error.message),
			'fix each field named above (file: tool: field); docs/catalogue.md lists the rules',
			'catalogue',
		);
	}
	if (named(error, 'ModuleLoadError')) {
		return new CliError(
			oneLine(error.message),
			'the file must be valid TypeScript or JavaScript whose default export is what the message asks for',
			'catalogue',
		);
	}
	if (named(error, 'ImportInputError')) return new CliError(oneLine(error.message), ownHint(error, 'give a workflow JSON file'), 'input');
	if (named(error, 'N8nApiError')) {
		const hint = ownHint(error, 'see the message');
		return new CliError(splitHint(error.message, hint).message, hint, 'n8n');
	}
	if (named(error, 'UnresolvedError')) {
		return new CliError(
			oneLine(error.message),
			'create the credentials and publish the workflows listed, under exactly these names (docs/deploying.md), then run again',
			'n8n',
		);
	}
	if (named(error, 'BodyError') || named(error, 'DependencyCycleError')) {
		return new CliError(
			oneLine(error.message),
			'regenerate the workflows from the catalogue, or report this if they were generated unchanged',
			'input',
		);
	}
	if (named(error, 'AmbiguousNameError') || named(error, 'PushError')) {
		const { message, hint } = splitHint(error.message, 'see the message: push stopped before changing anything more');
		return new CliError(message, hint, 'n8n');
	}
	return fsError(error as NodeJS.ErrnoException);
}
