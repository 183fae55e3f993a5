import { textOutput, type RemoteHost } from '../../shared/remoteRunner';
import type { RemoteHttpResult } from '../../shared/transport/types';
import { engineReader, type RunScript } from './engine';
import { MANAGE_SECONDS, READ_SECONDS } from './limits';

/** The host as the Docker node uses it: docker scripts, and GETs on the daemon's Engine API. */
export interface DockerHost {
	/** Read-only scripts retry transient transport faults; manage scripts never do. */
	run: RunScript;
	/** A GET on the daemon `docker` talks to; undefined where only the command can reach it. */
	engine(docker: string, path: string): Promise<RemoteHttpResult | undefined>;
}

/** What an operation needs: the checked settings and the host. */
export interface DockerContext {
	/** The Docker Command setting, checked. */
	docker: string;
	/** The Protected Stacks setting, lower-cased. */
	protectedStacks: string[];
	run: RunScript;
	/** A GET on the Docker Engine API; undefined: run the command instead. */
	engine(path: string): Promise<RemoteHttpResult | undefined>;
}

/** The Docker node's view of one execution's SSH host. */
export function dockerHost(remote: RemoteHost): DockerHost {
	const run: RunScript = async (script, args, readOnly) =>
		textOutput(await remote.run({ script, args, readOnly, timeoutSeconds: readOnly ? READ_SECONDS : MANAGE_SECONDS }));
	return { run, engine: engineReader(remote, run) };
}
