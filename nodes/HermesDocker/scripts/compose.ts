import type { DockerManageAction } from '../../../core/docker/contract';

/**
 * Constant scripts run on the SSH host by `bash -c`. $1 is always the docker command and $2 the
 * stack (both validated, single-quoted by the transport). A compose stack is addressed as
 * `docker compose --project-name <stack>`: start/stop/restart/status/logs work on the project's
 * containers by their compose label, and `update` re-uses the compose files Docker recorded for
 * the project (`docker compose ls`), passed as further arguments and given to compose with -f.
 */

export const SECTION = '__HERMES_SECTION__';
export const EXIT = '__HERMES_EXIT__';

/**
 * Where the docker command talks to its daemon, as the SSH user's environment sets it (DOCKER_HOST,
 * the current context), e.g. `unix:///var/run/docker.sock`. Reads then ask that daemon directly.
 */
export const ENDPOINT_SCRIPT = `"$1" context inspect --format '{{.Endpoints.docker.Host}}'`;

export const LIST_SCRIPT = '"$1" compose ls --all --format json';

export const STATUS_SCRIPT = '"$1" compose --project-name "$2" ps --all --format json';

/** What the logs script prints for a stack without containers (compose itself prints nothing). */
export const NO_CONTAINERS = '__HERMES_NO_CONTAINERS__';

/**
 * $3 lines of tail, $4 byte cap + 1; the newest bytes are kept. The stack's containers are
 * looked up first with the command status uses, so a name that is no stack (a typo, a
 * container's name) is answered as status answers it, not as empty logs.
 */
export const LOGS_SCRIPT = [
	'set -o pipefail',
	'containers=$("$1" compose --project-name "$2" ps --all --format json) || exit',
	`case $containers in *[![:space:]\\[\\]]*) ;; *) echo '${NO_CONTAINERS}'; exit 0 ;; esac`,
	'"$1" compose --project-name "$2" logs --no-color --timestamps --tail "$3" | tail -c "$4"',
].join('\n');

/**
 * What Docker resolves the target to, before any manage action: the compose projects it knows
 * (name, compose files) and, if the input names a container or a container id prefix, that
 * container (its compose project label). Each section ends with the command's exit code.
 */
export const RESOLVE_SCRIPT = [
	`echo '${SECTION} ls'`,
	'"$1" compose ls --all --format json; rc=$?; echo',
	`echo "${EXIT} $rc"`,
	`echo '${SECTION} inspect'`,
	'"$1" inspect --type container "$2" 2>/dev/null; rc=$?; echo',
	`echo "${EXIT} $rc"`,
].join('\n');

const simpleVerb = (verb: string) => `"$1" compose --project-name "$2" ${verb}`;

/** $3... are the project's compose files (absolute paths from Docker). */
const UPDATE_SCRIPT = [
	'docker_cmd="$1"; stack="$2"; shift 2',
	'files=(); for file in "$@"; do files+=(-f "$file"); done',
	'"$docker_cmd" compose --project-name "$stack" "${files[@]}" pull && "$docker_cmd" compose --project-name "$stack" "${files[@]}" up -d',
].join('\n');

export const MANAGE_SCRIPTS: Readonly<Record<DockerManageAction, string>> = {
	start: simpleVerb('start'),
	stop: simpleVerb('stop'),
	restart: simpleVerb('restart'),
	update: UPDATE_SCRIPT,
};
