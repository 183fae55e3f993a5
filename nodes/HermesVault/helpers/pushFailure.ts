import { STATE_RETRY, type Retry, type UnavailableState } from '../../../core/markers';

/**
 * Why a vault push failed, from what git printed. A push the host's setup refuses (no upstream,
 * no remote, a rejected push, the remote's login) fails the same way on every later write, so
 * the agent is told to stop and the operator gets the fix; a network fault may pass by itself.
 */
interface PushFailure {
	state: Extract<UnavailableState, 'misconfigured' | 'unreachable' | 'timeout'>;
	retry: Retry;
	/** What to do about it, for the hint. */
	fix: string;
}

/** GNU timeout's exit codes: the push ran out of time (124) or had to be killed (137). */
const TIMED_OUT = new Set([124, 137]);

/** Network faults first, then logins: git ends both with "Could not read from remote repository". */
const NETWORK = /Could not resolve host|Connection refused|Connection timed out|Network is unreachable|No route to host|Operation timed out|Connection reset/i;

const SETUP: ReadonlyArray<[RegExp, string]> = [
	[/has no upstream branch/i, 'the vault branch has no upstream: run `git push -u origin <branch>` once in the vault on the host'],
	[/No configured push destination/i, 'the vault has no remote: add one (`git remote add origin <url>`) and run `git push -u origin <branch>` once on the host'],
	[/\[remote rejected\]|pre-receive hook declined|hook declined/i, 'the remote refused the push (a hook or a protected branch): allow pushes of the vault user to that branch'],
	[/\[rejected\]|non-fast-forward|fetch first/i, 'the remote has commits the vault lacks: merge them in the vault on the host (`git pull --rebase`), or let only this vault push to the branch'],
	[/Permission denied|Authentication failed|Host key verification failed|could not read Username|terminal prompts disabled/i, "the remote refused the vault user's login: give the SSH user a key or token the remote accepts"],
	[/does not appear to be a git repository|repository .* not found|Could not read from remote repository/i, "the vault's remote URL names no reachable repository: correct it (`git remote set-url origin <url>`)"],
];

export function classifyPushFailure(exitCode: number | undefined, output: string): PushFailure {
	if (exitCode !== undefined && TIMED_OUT.has(exitCode)) {
		return { state: 'timeout', retry: STATE_RETRY.timeout, fix: 'the push did not finish in time' };
	}
	if (!NETWORK.test(output)) {
		const setup = SETUP.find(([pattern]) => pattern.test(output));
		if (setup) return { state: 'misconfigured', retry: STATE_RETRY.misconfigured, fix: setup[1] };
	}
	return { state: 'unreachable', retry: STATE_RETRY.unreachable, fix: 'the remote could not be reached' };
}
