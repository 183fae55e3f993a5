import { ok, refuse, type Checked } from '../shared/checked';
import { errorAnswer, misconfiguredAnswer } from '../shared/markers';
import { parseToolRefusal } from '../shared/toolRefusal';
import {
	DOCKER_ACTIONS as ACTIONS,
	DOCKER_COMMAND,
	DOCKER_MANAGE_ACTIONS as MANAGE_ACTIONS,
	MAX_DOCKER_COMMAND_CHARS,
	MAX_STACK_CHARS,
	STACK_NAME,
	type DockerAction,
} from './contract';

/** Input checks for the Docker node. All run before any command is built. */

export {
	DOCKER_ACTIONS as ACTIONS,
	DOCKER_MANAGE_ACTIONS as MANAGE_ACTIONS,
	DOCKER_READ_ACTIONS as READ_ACTIONS,
	MAX_STACK_CHARS,
	STACK_NAME,
} from './contract';
export type Action = DockerAction;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];


export const isManageAction = (action: Action): action is ManageAction =>
	(MANAGE_ACTIONS as readonly string[]).includes(action);

/** Comma-separated setting -> trimmed, lower-cased, non-empty entries. */
export function parseList(raw: unknown): string[] {
	if (typeof raw !== 'string') return [];
	return raw
		.split(',')
		.map((entry) => entry.trim().toLowerCase())
		.filter(Boolean);
}

/**
 * Actions are matched case-insensitively; anything else, or anything off the whitelist, is
 * refused naming only what may be sent here: the actions of the calling tool (read back from
 * its refusal text) that this node allows, else this node's allowed actions.
 */
export function checkAction(raw: unknown, allowed: readonly Action[]): Checked<Action> {
	const refusal = parseToolRefusal(raw);
	if (refusal) {
		const both = refusal.allowed.filter((action) => (allowed as readonly string[]).includes(action));
		const listed = both.length ? both : allowed;
		return refuse(errorAnswer('__BAD_ACTION__', `The action ${JSON.stringify(refusal.value)} is not allowed by this tool. Allowed here: ${listed.join(', ')}.`));
	}
	const action = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if (!(ACTIONS as readonly string[]).includes(action)) {
		return refuse(errorAnswer('__BAD_ACTION__', `Unknown action ${JSON.stringify(raw)}. Allowed here: ${allowed.join(', ')}.`));
	}
	if (!(allowed as readonly string[]).includes(action)) {
		return refuse(errorAnswer('__BAD_ACTION__', `The action "${action}" is not enabled on this node. Allowed here: ${allowed.join(', ')}.`));
	}
	return ok(action as Action);
}

/**
 * The protected check runs on the raw input made canonical (trimmed, lower-cased) BEFORE the
 * strict name check, so " Security-Stack" is answered as protected, not as a typo to fix.
 */
export function checkStack(raw: unknown, protectedStacks: readonly string[]): Checked<string> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return refuse(errorAnswer('__EMPTY_QUERY__', 'Name the compose stack (project). Use action "list" to see the stacks.'));
	}
	if (typeof raw !== 'string') return refuse(errorAnswer('__BAD_ACTION__', 'stack must be a string.'));
	const canonical = raw.trim().toLowerCase();
	if (protectedStacks.includes(canonical)) {
		return refuse(errorAnswer('__PROTECTED__', `The stack "${canonical}" is protected and cannot be actioned by this tool.`));
	}
	if (raw.length > MAX_STACK_CHARS || !STACK_NAME.test(raw)) {
		return refuse(
			errorAnswer(
				'__BAD_ACTION__',
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

const misconfigured = <T>(setting: string, why: string) => refuse<T>(misconfiguredAnswer(setting, why));

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
export function checkAllowedActions(raw: unknown): Checked<Action[]> {
	if (typeof raw !== 'string') return misconfigured('Allowed Actions', 'it is not text');
	const entries = parseList(raw);
	const unknown = entries.find((entry) => !(ACTIONS as readonly string[]).includes(entry));
	if (unknown !== undefined) {
		return misconfigured('Allowed Actions', `unknown action ${JSON.stringify(unknown)}; use a comma-separated subset of ${ACTIONS.join(',')}`);
	}
	if (!entries.length) return misconfigured('Allowed Actions', `it lists no action; use a comma-separated subset of ${ACTIONS.join(',')}`);
	return ok([...new Set(entries)] as Action[]);
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

export interface DockerSettings {
	docker: string;
	allowed: Action[];
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
