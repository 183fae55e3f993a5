import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import type { CommandOutput } from './answers';

/** Seconds a read (status, logs, list, the target check) may take on the host. */
export const READ_SECONDS = 30;
/** `update` pulls images: give it time. */
export const MANAGE_SECONDS = 300;

/** What an operation needs: the checked settings and a way to run one docker script. */
export interface DockerContext {
	/** The Docker Command setting, checked. */
	docker: string;
	/** The Protected Stacks setting, lower-cased. */
	protectedStacks: string[];
	/** Read-only scripts retry transient transport faults; manage scripts never do. */
	run(script: string, args: string[], readOnly: boolean): Promise<CommandOutput>;
}

/** Adapts the node's remote runner to docker scripts (text output, the timeouts above). */
export function dockerScriptRunner(remote: (command: RemoteCommand) => Promise<RemoteResult>): DockerContext['run'] {
	return async (script, args, readOnly) => {
		const result = await remote({ script, args, readOnly, timeoutSeconds: readOnly ? READ_SECONDS : MANAGE_SECONDS });
		return { stdout: result.stdout.toString('utf8'), stderr: result.stderr, exitCode: result.exitCode };
	};
}
