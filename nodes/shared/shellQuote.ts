/**
 * Single-quoting for the rare value that must sit in a command line. Data
 * normally travels on stdin; this is the fallback for positional arguments.
 */

/** Quotes for a POSIX shell: `it's` -> `'it'\''s'`. Refuses a leading '-' and NUL bytes. */
export function singleQuote(value: string): string {
	if (typeof value !== 'string') throw new TypeError('singleQuote expects a string');
	// A value starting with '-' could be read as an option by the remote command.
	if (value.startsWith('-')) throw new Error(`Refusing to quote a value that starts with "-": ${JSON.stringify(value.slice(0, 40))}`);
	// A NUL cannot travel in an argv string: the remote side would silently see a truncated value.
	if (value.includes('\0')) throw new Error('Refusing to quote a value that contains a NUL byte');
	return `'${value.replace(/'/g, `'\\''`)}'`;
}
