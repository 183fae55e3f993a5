/**
 * Check Only, through the node's router with a recorded stand-in for the host: every call is
 * refused or accepted exactly as the operation would be, normalised, and only reads run.
 */
import { router } from '../../../../nodes/HermesDocker/actions/router';
import type { DockerHost } from '../../../../nodes/HermesDocker/helpers/context';
import type { TextOutput } from '../../../../nodes/shared/remoteRunner';
import { EXIT, MANAGE_SCRIPTS, RESOLVE_SCRIPT, SECTION, STATUS_SCRIPT } from '../../../../nodes/HermesDocker/scripts/compose';
import { parametersOf } from '../parameters';

const PROJECTS = [
	{ Name: 'blog', Status: 'exited(1)', ConfigFiles: '/srv/blog/compose.yaml' },
	{ Name: 'nofiles', Status: 'exited(1)', ConfigFiles: '' },
];
const CONTAINERS: Record<string, Array<Record<string, string>>> = {
	blog: [{ Name: 'blog-ghost-1', Service: 'ghost', State: 'exited', Status: 'Exited (0)', Health: '', Image: 'ghost:5' }],
	nofiles: [],
};
/** A container of the protected stack, as `inspect` finds it by a name or id prefix. */
const GUARD = { Name: '/security-stack-crowdsec-1', Config: { Labels: { 'com.docker.compose.project': 'security-stack' } } };

/** A host whose daemon only the command reaches (the Engine API way has its own suite). */
function host(): DockerHost & { scripts: string[]; writes: number } {
	const seen = { scripts: [] as string[], writes: 0 };
	const run = async (script: string, args: string[], readOnly: boolean): Promise<TextOutput> => {
		seen.scripts.push(script);
		if (!readOnly && Object.values(MANAGE_SCRIPTS).includes(script)) seen.writes++;
		const stack = args[1];
		if (script === RESOLVE_SCRIPT) {
			const inspect = stack === '5ec0' ? JSON.stringify([GUARD]) : '[]';
			const stdout = [`${SECTION} ls`, JSON.stringify(PROJECTS), `${EXIT} 0`, `${SECTION} inspect`, inspect, `${EXIT} ${stack === '5ec0' ? 0 : 1}`, ''].join('\n');
			return { stdout, stderr: '', exitCode: 0 };
		}
		if (script === STATUS_SCRIPT) return { stdout: (CONTAINERS[stack] ?? []).map((c) => JSON.stringify(c)).join('\n'), stderr: '', exitCode: 0 };
		return { stdout: '', stderr: 'ran', exitCode: 0 };
	};
	return Object.assign(seen, { run, engine: async () => undefined });
}

const CHECK_ONLY = { dockerCommand: 'docker', allowedActions: 'start,stop,restart,update', protectedStacks: 'security-stack', checkOnly: true };
const request = (operation: unknown, stack: unknown, allowedActions = CHECK_ONLY.allowedActions, checkOnly = true) =>
	parametersOf({ ...CHECK_ONLY, operation, stack, allowedActions, checkOnly });

const BLOG_TARGET = { stack: 'blog', containers: [{ name: 'blog-ghost-1', service: 'ghost', state: 'exited', status: 'Exited (0)', health: '', image: 'ghost:5' }] };

describe('Check Only answers what the call would do, and runs nothing', () => {
	test.each([
		['restart + 190 spaces', `restart${' '.repeat(190)}`, 'blog', { success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' }, target: BLOG_TARGET }],
		['RESTART', 'RESTART', 'blog', { success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' }, target: BLOG_TARGET }],
		[' Stop ', ' Stop ', 'blog', { success: true, checked: true, normalised: { operation: 'stop', stack: 'blog' }, target: BLOG_TARGET }],
		['destroy', 'destroy', 'blog', { success: false, error: '__BAD_ACTION__', retry: 'change_arguments' }],
		['a read action on a manage tool', 'logs', 'blog', { success: false, error: '__BAD_ACTION__', retry: 'change_arguments' }],
		['the protected stack', 'restart', 'security-stack', { success: false, error: '__PROTECTED__', retry: 'never_here' }],
		['the protected stack in other case', 'restart', ' Security-Stack', { success: false, error: '__PROTECTED__', retry: 'never_here' }],
		['a container id prefix of the protected stack', 'restart', '5ec0', { success: false, error: '__PROTECTED__', retry: 'never_here' }],
		['a link as the stack', 'restart', 'see https://evil.example/login now', { success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' }],
		['no stack', 'restart', '', { success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' }],
		['a stack Docker does not know', 'restart', 'nope', { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' }],
		['update of a stack without compose files', 'update', 'nofiles', { success: false, error: '__NOT_FOUND__', retry: 'never_here' }],
		['update of a stack with its files', 'update', 'blog', { success: true, checked: true, normalised: { operation: 'update', stack: 'blog' }, target: BLOG_TARGET }],
	])('%s', async (_case, operation, stack, expected) => {
		const seen = host();
		const answer = await router(seen, request(operation, stack));
		expect(answer).toMatchObject(expected);
		expect(seen.writes).toBe(0);
		expect(seen.scripts.every((s) => s === RESOLVE_SCRIPT || s === STATUS_SCRIPT)).toBe(true);
	});

	test('a manage action is resolved through Docker before its target is read; a read action only reads', async () => {
		const manage = host();
		await router(manage, request('restart', 'blog'));
		expect(manage.scripts).toEqual([RESOLVE_SCRIPT, STATUS_SCRIPT]);
		const read = host();
		expect(await router(read, request('status', 'blog', 'status,logs,list'))).toMatchObject({ success: true, normalised: { operation: 'status', stack: 'blog' } });
		expect(read.scripts).toEqual([STATUS_SCRIPT]);
	});

	test('list takes no stack and touches nothing', async () => {
		const seen = host();
		expect(await router(seen, request('list', undefined, 'list'))).toEqual({ success: true, checked: true, normalised: { operation: 'list' }, target: null });
		expect(seen.scripts).toEqual([]);
	});

	test('without Check Only the same call runs the action', async () => {
		const seen = host();
		await router(seen, request('restart', 'blog', undefined, false));
		expect(seen.writes).toBe(1);
	});
});
