import { classifyPushFailure } from '../../../../nodes/HermesVault/helpers/pushFailure';
import { STATE_RETRY } from '../../../../core/markers';

/** git's own lines, as the write script joins them (" | "), for each way a push fails. */
describe('classifyPushFailure', () => {
	test.each([
		['no upstream', 128, "fatal: The current branch main has no upstream branch. | To push the current branch and set the remote as upstream, use | git push --set-upstream origin main", 'misconfigured', /git push -u origin/],
		['no remote', 128, 'fatal: No configured push destination. | Either specify the URL from the command-line or configure a remote repository using', 'misconfigured', /git remote add origin/],
		['a hook rejects', 1, "remote: pushes are closed | To ../r.git | ! [remote rejected] main -> main (pre-receive hook declined) | error: failed to push some refs to '../r.git'", 'misconfigured', /refused the push/],
		['the remote moved on', 1, "To ../r.git | ! [rejected] main -> main (fetch first) | error: failed to push some refs to '../r.git'", 'misconfigured', /git pull --rebase/],
		['the remote is no repository', 128, "fatal: '../gone.git' does not appear to be a git repository | fatal: Could not read from remote repository.", 'misconfigured', /git remote set-url/],
		['the remote refuses the login', 128, 'git@example.org: Permission denied (publickey). | fatal: Could not read from remote repository.', 'misconfigured', /key or token/],
		['an https remote that wants a password', 128, "fatal: could not read Username for 'https://example.org': terminal prompts disabled", 'misconfigured', /key or token/],
		['the remote host is down', 128, 'ssh: connect to host example.org port 22: Connection refused | fatal: Could not read from remote repository.', 'unreachable', /could not be reached/],
		['no DNS', 128, "fatal: unable to access 'https://example.org/v.git/': Could not resolve host: example.org", 'unreachable', /could not be reached/],
		['the push ran out of time', 124, '', 'timeout', /in time/],
		['killed after its time', 137, 'fatal: the remote end hung up unexpectedly', 'timeout', /in time/],
		['an old host without an exit code, unknown words', undefined, 'something else', 'unreachable', /could not be reached/],
	] as const)('%s', (_case, exitCode, output, state, fix) => {
		const failure = classifyPushFailure(exitCode, output);
		expect(failure.state).toBe(state);
		expect(failure.retry).toBe(STATE_RETRY[state]);
		expect(failure.fix).toMatch(fix);
	});
});
