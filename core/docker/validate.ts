import { misconfigured, ok, refuse, type Checked } from '../checked';
import { errorAnswer } from '../markers';
import { commaList } from '../text';
import {
	DOCKER_ACTIONS,
	DOCKER_COMMAND,
	MAX_DOCKER_COMMAND_CHARS,
	MAX_STACK_CHARS,
	STACK_NAME,
	type DockerAction,
} from './contract';

/**
 * Input and setting checks for the Docker node. All run before any command is built. The
 * settings' checks are the workflow generator's too, so this module imports neither
 * n8n-workflow nor ssh2.
 */

/** Comma-separated setting -> trimmed, lower-cased, non-empty entries. */
export function parseList(raw: unknown): string[] {
	return commaList(raw).map((entry) => entry.toLowerCase());
}

/**
 * The protected check runs on the raw input made canonical (trimmed, lower-cased) BEFORE the
 * strict name check, so " Security-Stack" is answered as protected, not as a typo to fix.
 */
export function checkStack(raw: unknown, protectedStacks: readonly string[]): Checked<string> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return refuse(errorAnswer('__BAD_ARGUMENT__', 'Name the compose stack (project). Use action "list" to see the stacks.'));
	}
	if (typeof raw !== 'string') return refuse(errorAnswer('__BAD_ARGUMENT__', 'stack must be a string.'));
	const canonical = raw.trim().toLowerCase();
	if (protectedStacks.includes(canonical)) {
		return refuse(errorAnswer('__PROTECTED__', `The stack "${canonical}" is protected and cannot be actioned by this tool.`));
	}
	if (raw.length > MAX_STACK_CHARS || !STACK_NAME.test(raw)) {
		return refuse(
			errorAnswer(
				'__BAD_ARGUMENT__',
				`${JSON.stringify(raw.slice(0, 80))} is not a stack name: use lower-case letters, digits, "_" and "-", starting with a letter or digit, at most ${MAX_STACK_CHARS} characters. Use action "list" to see the stacks.`,
			),
		);
	}
	return ok(raw);
}

/*
 * The settings below are the operator's: a bad one is `__UNAVAILABLE__` ("tell the operator"),
 * never `__BAD_ACTION__`, which would send the agent retrying with other arguments. They are
 * checked before any agent input, so a misconfigured node answers the same to every call.
 */

/** One word: a command on the host's PATH or an absolute path (wrap `sudo docker` in a script). */
export function checkDockerCommand(raw: unknown): Checked<string> {
	const command = typeof raw === 'string' ? raw.trim() : '';
	if (!command || command.length > MAX_DOCKER_COMMAND_CHARS || !DOCKER_COMMAND.test(command)) {
		return misconfigured(
			'Docker Command',
			'it must be one word, a command name or an absolute path (letters, digits, ._/+-, not starting with "-")',
		);
	}
	return ok(command);
}

/** Every entry must be a known action: a typo would otherwise silently disable one. */
export function checkAllowedActions(raw: unknown): Checked<DockerAction[]> {
	if (typeof raw !== 'string') return misconfigured('Allowed Actions', 'it is not text');
	const entries = parseList(raw);
	const unknown = entries.find((entry) => !(DOCKER_ACTIONS as readonly string[]).includes(entry));
	if (unknown !== undefined) {
		return misconfigured('Allowed Actions', `unknown action ${JSON.stringify(unknown)}; use a comma-separated subset of ${DOCKER_ACTIONS.join(',')}`);
	}
	if (!entries.length) return misconfigured('Allowed Actions', `it lists no action; use a comma-separated subset of ${DOCKER_ACTIONS.join(',')}`);
	return ok([...new Set(entries)] as DockerAction[]);
}

/** Every entry must be a stack name: a typo would otherwise silently leave a stack unprotected. */
export function checkProtectedStacks(raw: unknown): Checked<string[]> {
	if (typeof raw !== 'string') return misconfigured('Protected Stacks', 'it is not text');
	const entries = parseList(raw);
	const bad = entries.find((entry) => entry.length > MAX_STACK_CHARS || !STACK_NAME.test(entry));
	if (bad !== undefined) {
		return misconfigured(
			'Protected Stacks',
			`not a stack name: ${JSON.stringify(bad.slice(0, 80))}; use comma-separated compose project names (a-z, 0-9, _ and -)`,
		);
	}
	return ok(entries);
}

interface DockerSettings {
	docker: string;
	allowed: DockerAction[];
	protectedStacks: string[];
}

export function checkSettings(raw: { dockerCommand: unknown; allowedActions: unknown; protectedStacks: unknown }): Checked<DockerSettings> {
	const docker = checkDockerCommand(raw.dockerCommand);
	if (!docker.ok) return docker;
	const allowed = checkAllowedActions(raw.allowedActions);
	if (!allowed.ok) return allowed;
	const protectedStacks = checkProtectedStacks(raw.protectedStacks);
	if (!protectedStacks.ok) return protectedStacks;
	return ok({ docker: docker.value, allowed: allowed.value, protectedStacks: protectedStacks.value });
}
