import type { IDataObject } from 'n8n-workflow';

import { ok, refuse, type Checked } from '../../../core/checked';
import { errorAnswer, HINT_QUOTE_CAPS, unavailableAnswer, type ErrorAnswer } from '../../../core/markers';
import type { TextOutput } from '../../shared/remoteRunner';
import { commaList, messageOf, tail } from '../../../core/text';
import type { RemoteHttpResult } from '../../shared/transport/types';
import { DOCKER_LOG_CAPS } from '../../../core/docker/contract';
import { EXIT, NO_CONTAINERS, SECTION } from '../scripts/compose';
import { COMPOSE_PROJECT_LABEL } from './composeViews';

/** Manage actions quote at most this much of what docker printed. */
const OUTPUT_CHARS = 2_000;

/** Docker prints `--format json` as one array (older compose) or one object per line. */
export function parseJsonRecords(text: string): IDataObject[] {
	const trimmed = text.trim();
	if (!trimmed) return [];
	if (trimmed.startsWith('[')) return JSON.parse(trimmed) as IDataObject[];
	return trimmed
		.split('\n')
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line) as IDataObject);
}

/**
 * What docker's CLI says without its compose plugin: 20.10-24 ("is not a docker command"), 25+
 * ("unknown command") for a bare `docker compose`; and every version, exit 125, for the flags our
 * scripts give compose, which it then reads as its own ("unknown flag: --project-name", then its
 * whole usage text).
 */
const NO_COMPOSE_PLUGIN = /'compose' is not a docker command|unknown command: docker compose|^unknown flag: --(project-name|all)$/m;
/** The SSH user may not talk to the daemon: retrying cannot change its groups. */
const SOCKET_DENIED = /permission denied while trying to connect to the Docker daemon/i;

/** A failing docker command is an infrastructure answer that carries docker's own words. */
function dockerFailure(output: TextOutput): ErrorAnswer {
	const text = output.stderr.trim() || output.stdout.trim();
	const said = tail(text, HINT_QUOTE_CAPS.long);
	if (output.exitCode === 127) {
		return unavailableAnswer(
			'misconfigured',
			`The docker command was not found on the host: install Docker with its compose plugin there, or set the Docker Command setting to its path (${said})`,
		);
	}
	const noPlugin = NO_COMPOSE_PLUGIN.exec(text);
	if (noPlugin) {
		return unavailableAnswer(
			'misconfigured',
			`The host's docker has no compose plugin: install it there (apt-get install docker-compose-plugin, from Docker's apt repository) (${noPlugin[0]})`,
		);
	}
	if (SOCKET_DENIED.test(text)) {
		return unavailableAnswer('misconfigured', `The SSH user may not use the Docker daemon: add it to the docker group on the host (usermod -aG docker <user>) (${said})`);
	}
	// Mostly a daemon that is down or busy: worth a later retry.
	return unavailableAnswer('unreachable', `docker exited ${output.exitCode}: ${said || 'no message'}`);
}

/**
 * The answer for a finished docker command: its failure, or what `build` reads from its output.
 * Output that is not Docker JSON (a wrong Docker Command setting) is answered, not thrown.
 */
export function answerFrom(output: TextOutput, build: (output: TextOutput) => IDataObject): IDataObject {
	if (output.exitCode !== 0) return { ...dockerFailure(output) };
	return orNotDockerJson(() => build(output), (answer) => ({ ...answer }));
}

/**
 * The answer for a read of the Docker Engine API: the daemon's refusal or silence, or what
 * `build` reads from its JSON. A socket that speaks something else is answered, not thrown.
 */
export function engineAnswer(result: RemoteHttpResult, build: (body: unknown) => IDataObject): IDataObject {
	if (result.kind === 'timeout' || result.kind === 'bad-response' || result.kind === 'connect-failed') {
		return unavailableAnswer('unreachable', `The Docker daemon gave no answer: ${result.message}`);
	}
	const text = result.body.toString('utf8');
	if (result.status !== 200) {
		let said = tail(text.trim(), HINT_QUOTE_CAPS.long);
		try {
			said = String((JSON.parse(text) as { message?: unknown }).message ?? said);
		} catch {
			// Not Docker's JSON error body: its text as it came.
		}
		// Docker answers 5xx when it is busy or broken: a later retry may help.
		return unavailableAnswer('unreachable', `The Docker daemon answered ${result.status}: ${said || 'no message'}`);
	}
	return orNotDockerJson(() => build(JSON.parse(text)), (answer) => ({ ...answer }));
}

/**
 * `read`'s value, or, when it throws, the answer for output of another program than Docker (the
 * Docker Command setting names something else), never a thrown TypeError.
 */
function orNotDockerJson<T>(read: () => T, refused: (answer: ErrorAnswer) => T): T {
	try {
		return read();
	} catch (error) {
		return refused(
			unavailableAnswer('misconfigured', `The docker command printed something that is not Docker JSON (${messageOf(error)}). Check the Docker Command setting.`),
		);
	}
}

/** Status and logs answer a stack without containers alike (a typo, or a container's name). */
function noContainers(stack: string): IDataObject {
	return errorAnswer('__NOT_FOUND__', `No containers belong to the stack "${stack}". Use action "list" to see the stacks.`);
}

/** `compose ls` records (printed by the command, or rebuilt from the engine's list) as the list answer. */
export function listAnswerOf(records: IDataObject[]): IDataObject {
	const stacks = records.map((p) => ({ name: String(p.Name ?? ''), status: String(p.Status ?? '') }));
	return { success: true, action: 'list', count: stacks.length, stacks };
}

export const listAnswer = (output: TextOutput): IDataObject => listAnswerOf(parseJsonRecords(output.stdout));

export const statusAnswer = (stack: string, output: TextOutput): IDataObject => statusAnswerOf(stack, parseJsonRecords(output.stdout));

/** `compose ps` records (printed by the command, or rebuilt from the engine's list) as the status answer. */
export function statusAnswerOf(stack: string, records: IDataObject[]): IDataObject {
	const containers = records.map((c) => ({
		name: String(c.Name ?? c.Names ?? ''),
		service: String(c.Service ?? ''),
		state: String(c.State ?? ''),
		status: String(c.Status ?? ''),
		health: String(c.Health ?? ''),
		image: String(c.Image ?? ''),
	}));
	if (!containers.length) return noContainers(stack);
	return { success: true, action: 'status', stack, count: containers.length, containers };
}

/** The last `max` bytes of `text`, starting on a whole character. */
function newestBytes(text: string, max: number): string {
	const bytes = Buffer.from(text, 'utf8');
	let start = bytes.length - max;
	while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
	return bytes.subarray(start).toString('utf8');
}

/**
 * The script looks the stack's containers up first, as status does, and says NO_CONTAINERS
 * when there are none; otherwise it sends at most cap+1 bytes of logs (the newest), and more
 * than the cap means older lines were cut.
 */
export function logsAnswer(stack: string, output: TextOutput): IDataObject {
	if (output.stdout === `${NO_CONTAINERS}\n`) return noContainers(stack);
	let logs = output.stdout;
	const truncated = Buffer.byteLength(logs) > DOCKER_LOG_CAPS.chars;
	if (truncated) {
		logs = logs.slice(logs.indexOf('\n') + 1);
		while (Buffer.byteLength(logs) > DOCKER_LOG_CAPS.chars && logs.includes('\n')) logs = logs.slice(logs.indexOf('\n') + 1);
		// The newest line alone is over the cap: its newest bytes, rather than nothing at all.
		if (Buffer.byteLength(logs) > DOCKER_LOG_CAPS.chars) logs = newestBytes(logs, DOCKER_LOG_CAPS.chars);
	}
	const answer: IDataObject = { success: true, action: 'logs', stack, tailLines: DOCKER_LOG_CAPS.tailLines, truncated, logs };
	if (truncated) answer.hint = `Only the newest ${DOCKER_LOG_CAPS.chars} bytes of the last ${DOCKER_LOG_CAPS.tailLines} lines are shown.`;
	return answer;
}

export function manageAnswer(action: string, stack: string, output: TextOutput): IDataObject {
	return { success: true, action, stack, output: tail(`${output.stdout}${output.stderr}`.trim(), OUTPUT_CHARS) };
}

interface Section {
	body: string;
	exitCode: number;
}

function sections(stdout: string): Map<string, Section> {
	const found = new Map<string, Section>();
	for (const chunk of stdout.split(`${SECTION} `).slice(1)) {
		const newline = chunk.indexOf('\n');
		const name = chunk.slice(0, newline).trim();
		const rest = chunk.slice(newline + 1);
		const exitAt = rest.lastIndexOf(`${EXIT} `);
		found.set(name, { body: exitAt < 0 ? rest : rest.slice(0, exitAt), exitCode: exitAt < 0 ? -1 : Number(rest.slice(exitAt + EXIT.length + 1).trim()) });
	}
	return found;
}

/**
 * Decides, from what Docker resolved, whether a manage action may run on `stack`: refuses a
 * target whose container (by name or id prefix) belongs to a protected project, and a stack
 * Docker does not know. Returns the project's compose files for `update`.
 */
export function resolveTarget(stack: string, protectedStacks: string[], output: TextOutput): Checked<string[]> {
	return orNotDockerJson(() => decideTarget(stack, protectedStacks, output), (answer) => refuse(answer));
}

function decideTarget(stack: string, protectedStacks: string[], output: TextOutput): Checked<string[]> {
	const parts = sections(output.stdout);
	const ls = parts.get('ls');
	if (!ls || ls.exitCode !== 0) {
		return refuse(dockerFailure({ ...output, exitCode: ls?.exitCode ?? output.exitCode, stdout: ls?.body ?? output.stdout }));
	}
	const inspect = parts.get('inspect');
	let containerProject: string | undefined;
	let containerName = '';
	if (inspect && inspect.exitCode === 0) {
		const [container] = parseJsonRecords(inspect.body) as Array<{ Name?: string; Config?: { Labels?: Record<string, string> | null } }>;
		containerProject = container?.Config?.Labels?.[COMPOSE_PROJECT_LABEL];
		containerName = (container?.Name ?? '').replace(/^\//, '');
	}
	if (containerProject !== undefined && protectedStacks.includes(containerProject.trim().toLowerCase())) {
		return refuse(
			errorAnswer('__PROTECTED__', `"${stack}" resolves to the container ${containerName} of the protected stack "${containerProject}", which cannot be actioned by this tool.`),
		);
	}
	const project = parseJsonRecords(ls.body).find((p) => String(p.Name ?? '').toLowerCase() === stack);
	if (!project) {
		const hint = containerProject
			? `"${stack}" is the container ${containerName} of the stack "${containerProject}". Act on the stack by its name.`
			: `Docker knows no compose stack named "${stack}". Use action "list" to see the stacks.`;
		return refuse(errorAnswer('__NOT_FOUND__', hint));
	}
	return ok(commaList(String(project.ConfigFiles ?? '')));
}

/** Compose files come from Docker, but still must be plain absolute paths to become arguments. */
export function usableConfigFiles(stack: string, files: string[]): Checked<string[]> {
	const plain = (file: string) => file.startsWith('/') && ![...file].some((ch) => ch.charCodeAt(0) < 0x20);
	if (!files.length || !files.every(plain)) {
		// Only someone on the host can fix this: the agent's arguments were right.
		return refuse(
			errorAnswer(
				'__NOT_FOUND__',
				`Docker has no usable compose file recorded for "${stack}" (got ${JSON.stringify(files)}); bring the stack up once with docker compose from its folder, then retry.`,
				'never_here',
			),
		);
	}
	return ok(files);
}
