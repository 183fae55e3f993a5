import { errorAnswer, type ErrorAnswer } from '../shared/markers';

/** Input checks for the Docker node. All run before any command is built. */

export const READ_ACTIONS = ['status', 'logs', 'list'] as const;
export const MANAGE_ACTIONS = ['start', 'stop', 'restart', 'update'] as const;
export const ACTIONS = [...READ_ACTIONS, ...MANAGE_ACTIONS] as const;
export type Action = (typeof ACTIONS)[number];
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

export const STACK_NAME = /^[a-z0-9][a-z0-9_-]*$/;
/** Room for a full container id (64 hex), which is resolved through Docker like a name. */
export const MAX_STACK_CHARS = 64;
const DOCKER_COMMAND = /^[A-Za-z0-9_./+][A-Za-z0-9_./+-]*$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; answer: ErrorAnswer };
const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = <T>(answer: ErrorAnswer): Checked<T> => ({ ok: false, answer });

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

/** Actions are matched case-insensitively; anything else, or anything off the whitelist, is refused. */
export function checkAction(raw: unknown, allowedSetting: unknown): Checked<Action> {
	const action = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	const allowed = parseList(allowedSetting).filter((a) => (ACTIONS as readonly string[]).includes(a));
	if (!(ACTIONS as readonly string[]).includes(action)) {
		return refuse(errorAnswer('__BAD_ACTION__', `Unknown action ${JSON.stringify(raw)}. Allowed here: ${allowed.join(', ') || 'none'}.`));
	}
	if (!allowed.includes(action)) {
		return refuse(errorAnswer('__BAD_ACTION__', `The action "${action}" is not enabled on this node. Allowed here: ${allowed.join(', ') || 'none'}.`));
	}
	return ok(action as Action);
}

/**
 * The protected check runs on the raw input made canonical (trimmed, lower-cased) BEFORE the
 * strict name check, so " Security-Stack" is answered as protected, not as a typo to fix.
 */
export function checkStack(raw: unknown, protectedSetting: unknown): Checked<string> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return refuse(errorAnswer('__EMPTY_QUERY__', 'Name the compose stack (project). Use action "list" to see the stacks.'));
	}
	if (typeof raw !== 'string') return refuse(errorAnswer('__BAD_ACTION__', 'stack must be a string.'));
	const canonical = raw.trim().toLowerCase();
	if (parseList(protectedSetting).includes(canonical)) {
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

/** One word: a command on the host's PATH or an absolute path (wrap `sudo docker` in a script). */
export function checkDockerCommand(raw: unknown): Checked<string> {
	const command = typeof raw === 'string' ? raw.trim() : '';
	if (!command || command.length > 256 || !DOCKER_COMMAND.test(command)) {
		return refuse(
			errorAnswer(
				'__BAD_ACTION__',
				`The Docker Command setting ${JSON.stringify(raw)} is not usable: give one word, a command name or an absolute path (letters, digits, ._/+-, not starting with "-").`,
			),
		);
	}
	return ok(command);
}
