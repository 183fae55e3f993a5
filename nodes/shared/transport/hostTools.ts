/**
 * Every command runs as `timeout ... bash -c <script>` under the SSH user's login shell. A host
 * without GNU timeout or bash fails every command the same way (exit 127, the shell's or
 * timeout's own words): a host setup fault, not a transient one, and not the fault of whatever
 * tool the script itself calls. Read here once, so no node mistakes it for its own tool missing.
 */
import { TransportError, type RemoteResult } from './types';

/** bash, dash and zsh say a command is missing in these words. */
const NOT_FOUND = (tool: string) => new RegExp(`(^|[\\s:])${tool}: (command )?not found|command not found: ${tool}\\b`, 'm');

const MISSING_TIMEOUT = NOT_FOUND('timeout');
/** GNU timeout's words when the command it should run is not there. */
const MISSING_BASH = /timeout: failed to run command .bash.: No such file or directory/;

/**
 * The oldest bash the vault's read scripts run on: `mapfile -d` (bash 4.4) holds git's
 * NUL-separated output without a temporary file. Debian 9, Ubuntu 18.04 and RHEL 8 have it.
 */
const MIN_BASH = { major: 4, minor: 4 } as const;
const MIN_BASH_TEXT = `${MIN_BASH.major}.${MIN_BASH.minor}`;

/** bash: `old_bash MAJOR MINOR` is true for a version older than MIN_BASH. */
export const OLD_BASH_FUNCTION = `old_bash() { (( $1 * 100 + $2 < ${MIN_BASH.major * 100 + MIN_BASH.minor} )); }`;

/** What the host must install, with the Debian package that has it. */
export const HOST_TOOL_FIX = {
	timeout: 'install GNU coreutils on the host (apt-get install coreutils)',
	bash: 'install bash on the host (apt-get install bash)',
	oldBash: `upgrade bash on the host to ${MIN_BASH_TEXT} or later (apt-get install bash)`,
} as const;

/** The fault for a command the host could not even start, or undefined. */
export function hostSetupFault(result: RemoteResult): TransportError | undefined {
	if (result.exitCode !== 127) return undefined;
	if (MISSING_TIMEOUT.test(result.stderr)) {
		return new TransportError('config', `The host has no GNU timeout on the SSH user's PATH: ${HOST_TOOL_FIX.timeout}`, false);
	}
	if (MISSING_BASH.test(result.stderr)) {
		return new TransportError('config', `The host has no bash on the SSH user's PATH: ${HOST_TOOL_FIX.bash}`, false);
	}
	return undefined;
}

/** The result, or the host setup fault it shows, thrown. */
export function unlessHostSetupFault(result: RemoteResult): RemoteResult {
	const fault = hostSetupFault(result);
	if (fault) throw fault;
	return result;
}
