import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { forgetEngineEndpoints } from '../../../nodes/HermesDocker/helpers/engine';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { createDockerStandIn, type DockerStandIn } from '../../harness/dockerStandIn';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * The node, the SSH transport and OpenSSH sshd are real. `docker` is a stand-in for the CLI with
 * its compose plugin (which cannot run here): test/fixtures/docker/docker-stand-in.js records
 * each argv it receives and answers like Docker's `--format json` from a fixture state that
 * includes a container of the protected `security-stack`. It names a daemon socket where none
 * listens, so every read here goes the command's way; dockerEngine.test.ts reads a real engine.
 */
jest.setTimeout(180_000);

let sshd: SshdHandle;
let docker: DockerStandIn;
let scratch: string;

beforeAll(async () => {
	scratch = mkdtempSync(join(tmpdir(), 'hermes-docker-test-'));
	sshd = await startSshd();
	docker = createDockerStandIn();
});

afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	docker?.remove();
	rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => docker.clear());

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	const [out] = await executeNode(new HermesDocker(), {
		parameters: { dockerCommand: docker.command, ...parameters },
		items,
		credentials: { hermesSshApi: sshd.credentials },
	});
	return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RESOLVE = (target: string) => [
	['compose', 'ls', '--all', '--format', 'json'],
	['inspect', '--type', 'container', target],
];

test('where the command names a socket nothing listens on, reads use the command; where its daemon is, is asked once a while', async () => {
	forgetEngineEndpoints();
	docker.clear();
	expect((await run({ operation: 'status', stack: 'web' }))[0].json).toMatchObject({ success: true, count: 2 });
	expect((await run({ operation: 'list' }))[0].json).toMatchObject({ success: true, count: 4 });
	expect((await run({ operation: 'logs', stack: 'web' }))[0].json).toMatchObject({ success: true });
	expect(docker.endpointProbes()).toBe(1);
	expect(docker.calls().map((argv) => argv.slice(0, 2))).toEqual([
		['compose', '--project-name'],
		['compose', 'ls'],
		['compose', '--project-name'],
		['compose', '--project-name'],
	]);
});

describe('every action maps to the right docker argv', () => {
	test('list', async () => {
		const [item] = await run({ operation: 'list' });
		expect(docker.calls()).toEqual([['compose', 'ls', '--all', '--format', 'json']]);
		expect(item.json).toMatchObject({ success: true, action: 'list', count: 4 });
		expect(item.json.stacks).toContainEqual({ name: 'web', status: 'running(2)' });
	});

	test('status', async () => {
		const [item] = await run({ operation: 'status', stack: 'web' });
		expect(docker.calls()).toEqual([['compose', '--project-name', 'web', 'ps', '--all', '--format', 'json']]);
		expect(item.json).toMatchObject({ success: true, action: 'status', stack: 'web', count: 2 });
		expect(item.json.containers).toContainEqual({
			name: 'web-app-1',
			service: 'app',
			state: 'running',
			status: 'Up 2 hours',
			health: 'healthy',
			image: 'nginx:1.27',
		});
	});

	test('logs: capped tail', async () => {
		const [item] = await run({ operation: 'logs', stack: 'web' });
		expect(docker.calls()).toEqual([
			['compose', '--project-name', 'web', 'ps', '--all', '--format', 'json'],
			['compose', '--project-name', 'web', 'logs', '--no-color', '--timestamps', '--tail', '100'],
		]);
		expect(item.json).toMatchObject({ success: true, action: 'logs', truncated: false });
		expect((item.json.logs as string).trim().split('\n')).toHaveLength(100);
	});

	test('logs bigger than the character cap are cut to the newest lines and say so', async () => {
		const [item] = await run({ operation: 'logs', stack: 'blog' });
		expect(item.json).toMatchObject({ success: true, truncated: true, hint: expect.stringContaining('newest') });
		expect(item.json.logs).toMatch(/#100\n$/);
		expect(item.json.logs).not.toContain('#1\n');
	});

	test.each([['start'], ['stop'], ['restart']])('%s: resolve through docker, then the compose verb', async (action) => {
		const [item] = await run({ operation: action, stack: 'web' });
		expect(docker.calls()).toEqual([...RESOLVE('web'), ['compose', '--project-name', 'web', action]]);
		expect(item.json).toMatchObject({ success: true, action, stack: 'web', output: expect.stringContaining('web-app-1') });
	});

	test('update: pull then up -d with the compose files Docker recorded', async () => {
		const [item] = await run({ operation: 'update', stack: 'blog' });
		const files = ['-f', '/srv/stacks/blog/compose.yaml', '-f', '/srv/stacks/blog/compose.override.yaml'];
		expect(docker.calls()).toEqual([
			...RESOLVE('blog'),
			['compose', '--project-name', 'blog', ...files, 'pull'],
			['compose', '--project-name', 'blog', ...files, 'up', '-d'],
		]);
		expect(item.json).toMatchObject({ success: true, action: 'update', stack: 'blog' });
	});

	test("a failing docker command -> __UNAVAILABLE__ with Docker's message", async () => {
		const [item] = await run({ operation: 'restart', stack: 'broken' });
		expect(item.json).toMatchObject({ success: false, error: '__UNAVAILABLE__', hint: expect.stringContaining('driver failed programming'), retry: 'later', state: 'unreachable' });
	});

	test.each([
		['a protected stack\'s container name', 'security-stack-crowdsec-1'],
		['another stack\'s container name', 'web-app-1'],
		['an unknown name', 'nope'],
	])('status and logs of %s answer alike: __NOT_FOUND__, never empty logs', async (_case, name) => {
		const [status] = await run({ operation: 'status', stack: name });
		const [logs] = await run({ operation: 'logs', stack: name });
		expect(status.json).toEqual({ success: false, error: '__NOT_FOUND__', hint: expect.stringContaining(`"${name}"`), retry: 'change_arguments' });
		expect(logs.json).toEqual(status.json);
		// logs looked the containers up and stopped there: no logs command ran.
		expect(docker.calls().filter((argv) => argv.includes('logs'))).toEqual([]);
	});

	test('an unknown stack is __NOT_FOUND__ and nothing is actioned', async () => {
		const [item] = await run({ operation: 'stop', stack: 'nope' });
		expect(item.json).toMatchObject({ error: '__NOT_FOUND__' });
		expect(docker.calls()).toEqual(RESOLVE('nope'));
	});
});

describe('Check Only: the checks and reads of the call, and no action', () => {
	test.each<[string, string, string, Record<string, unknown>, string[][]]>([
		[
			'restart + spaces on blog: normalised, resolved and read',
			`restart${' '.repeat(190)}`,
			'blog',
			{ success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' }, target: { stack: 'blog', containers: [expect.objectContaining({ name: 'blog-ghost-1', state: 'exited' })] } },
			[...RESOLVE('blog'), ['compose', '--project-name', 'blog', 'ps', '--all', '--format', 'json']],
		],
		['RESTART of a container id of the protected stack', 'RESTART', '5ec0a7e1', { success: false, error: '__PROTECTED__', retry: 'never_here' }, RESOLVE('5ec0a7e1')],
		['a stack Docker does not know', 'stop', 'nope', { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' }, RESOLVE('nope')],
		['destroy', 'destroy', 'blog', { success: false, error: '__BAD_ACTION__', retry: 'change_arguments' }, []],
	])('%s', async (_case, operation, stack, expected, argv) => {
		const [item] = await run({ operation, stack, checkOnly: true, allowedActions: 'start,stop,restart,update' });
		expect(item.json).toMatchObject(expected);
		expect(docker.calls()).toEqual(argv);
	});
});

describe('hostile or refused input never reaches docker', () => {
	const canary = () => join(scratch, 'CANARY');
	const cases = (): Array<[string, unknown, unknown, string]> => [
		['action rm', 'rm', 'web', '__BAD_ACTION__'],
		['action exec', 'exec', 'web', '__BAD_ACTION__'],
		['action down', 'down', 'web', '__BAD_ACTION__'],
		['action with ;', `restart; touch ${canary()}`, 'web', '__BAD_ACTION__'],
		['action with option', 'logs --follow', 'web', '__BAD_ACTION__'],
		['action $()', `$(touch ${canary()})`, 'web', '__BAD_ACTION__'],
		['two actions', 'start\nstop', 'web', '__BAD_ACTION__'],
		['empty action', '', 'web', '__BAD_ACTION__'],
		['stack with ;', 'restart', `web; touch ${canary()}`, '__BAD_ARGUMENT__'],
		['stack $()', 'restart', `$(touch ${canary()})`, '__BAD_ARGUMENT__'],
		['stack backticks', 'status', `\`touch ${canary()}\``, '__BAD_ARGUMENT__'],
		['stack option -p', 'stop', '-p', '__BAD_ARGUMENT__'],
		['stack option --help', 'status', '--help', '__BAD_ARGUMENT__'],
		['stack traversal', 'update', '../etc', '__BAD_ARGUMENT__'],
		['stack slash', 'logs', 'web/..', '__BAD_ARGUMENT__'],
		['stack upper case', 'restart', 'Web', '__BAD_ARGUMENT__'],
		['stack newline', 'restart', 'web\nsecurity-stack', '__BAD_ARGUMENT__'],
		['stack space', 'stop', 'web stack', '__BAD_ARGUMENT__'],
		['stack underscore first', 'stop', '_web', '__BAD_ARGUMENT__'],
		['stack pipe', 'status', `web|touch ${canary()}`, '__BAD_ARGUMENT__'],
		['stack &&', 'restart', `web&&touch ${canary()}`, '__BAD_ARGUMENT__'],
		['stack glob', 'stop', '*', '__BAD_ARGUMENT__'],
		['stack NUL', 'restart', 'web\u0000', '__BAD_ARGUMENT__'],
		['stack quote', 'restart', "web'", '__BAD_ARGUMENT__'],
		['stack too long', 'status', 'a'.repeat(65), '__BAD_ARGUMENT__'],
		['stack not a string', 'status', { name: 'web' }, '__BAD_ARGUMENT__'],
		['stack empty', 'restart', '', '__BAD_ARGUMENT__'],
		['protected by name', 'restart', 'security-stack', '__PROTECTED__'],
		['protected upper case', 'stop', 'SECURITY-STACK', '__PROTECTED__'],
		['protected mixed case + spaces', 'update', ' Security-Stack ', '__PROTECTED__'],
		['protected trailing newline', 'restart', 'security-stack\n', '__PROTECTED__'],
		['protected read', 'logs', 'security-stack', '__PROTECTED__'],
	];

	test('each is refused with its marker and the stand-in records nothing', async () => {
		const table = cases();
		expect(table.length).toBeGreaterThanOrEqual(20);
		const out = await run(
			{ operation: (i: IDataObject) => i.action, stack: (i: IDataObject) => i.stack },
			table.map(([, action, stack]) => ({ action, stack }) as IDataObject),
		);
		expect(out.map((o, index) => [table[index][0], o.json.success, o.json.error])).toEqual(table.map(([name, , , marker]) => [name, false, marker]));
		expect(out.map((o) => o.pairedItem)).toEqual(table.map((_, item) => ({ item })));
		expect(docker.calls()).toEqual([]);
		expect(existsSync(canary())).toBe(false);
	});

	test('an action a tool does not take (its list set as the node\'s Allowed Actions) is refused naming only that list', async () => {
		const [item] = await run({ operation: 'restart', stack: 'web', allowedActions: 'status,logs,list' });
		expect(item.json).toEqual({
			success: false,
			error: '__BAD_ACTION__',
			hint: '"restart" is not one this tool takes. Allowed here: status, logs, list.',
			retry: 'change_arguments',
		});
		expect(docker.calls()).toEqual([]);
	});

	test('an action off the whitelist is refused before anything runs', async () => {
		const [item] = await run({ operation: 'restart', stack: 'web', allowedActions: 'status,logs,list' });
		expect(item.json).toMatchObject({ error: '__BAD_ACTION__', hint: expect.stringContaining('status, logs, list') });
		expect(docker.calls()).toEqual([]);
	});

	test.each([
		['a container id prefix', '5ec0a7e1'],
		['a full container id', '5ec0a7e1d2c3b4a5968778695a4b3c2d1e0f5ec0a7e1d2c3b4a5968778695a4b'],
		['a container name', 'security-stack-crowdsec-1'],
	])('protected stack reached through %s: refused after resolution, no action runs', async (_, target) => {
		const [item] = await run({ operation: 'restart', stack: target });
		expect(item.json).toMatchObject({ success: false, error: '__PROTECTED__', hint: expect.stringContaining('security-stack') });
		expect(docker.calls()).toEqual(RESOLVE(target));
	});

	test.each([
		['dockerCommand', 'docker; touch CANARY', 'Docker Command'],
		['allowedActions', 'status,logs,restrat', 'Allowed Actions'],
		['protectedStacks', 'security stack', 'Protected Stacks'],
	])('a malformed %s setting is __UNAVAILABLE__ for the operator and nothing runs', async (name, value, setting) => {
		const [item] = await run({ operation: 'status', stack: 'web', [name]: value.replace('CANARY', canary()) });
		expect(item.json).toMatchObject({
			success: false,
			error: '__UNAVAILABLE__',
			hint: expect.stringMatching(new RegExp(`^The ${setting} setting .*Tell the operator\\.$`)),
			retry: 'never_here',
			state: 'misconfigured',
		});
		expect(docker.calls()).toEqual([]);
		expect(existsSync(canary())).toBe(false);
	});

	test('the protected list is a setting, matched case-insensitively', async () => {
		const [item] = await run({ operation: 'restart', stack: 'web', protectedStacks: 'security-stack, WEB' });
		expect(item.json).toMatchObject({ error: '__PROTECTED__' });
		expect(docker.calls()).toEqual([]);
	});
});

describe('transport faults', () => {
	/** sshd down when the call starts, back 3 s later on the same port. */
	async function withSshdBackIn3s<T>(call: () => Promise<T>): Promise<T> {
		await closeAllConnections();
		await sshd.kill();
		const back = sleep(3000).then(async () => await sshd.start());
		try {
			return await call();
		} finally {
			await back;
		}
	}

	test('a read action is retried and then succeeds', async () => {
		const [item] = await withSshdBackIn3s(async () => await run({ operation: 'status', stack: 'web' }));
		expect(item.json).toMatchObject({ success: true, action: 'status', count: 2 });
		expect(docker.calls()).toEqual([['compose', '--project-name', 'web', 'ps', '--all', '--format', 'json']]);
	});

	test('a manage action is never retried: __UNAVAILABLE__, and docker saw nothing', async () => {
		const [item] = await withSshdBackIn3s(async () => await run({ operation: 'restart', stack: 'web' }));
		expect(item.json).toMatchObject({ success: false, error: '__UNAVAILABLE__', retry: 'later', state: 'unreachable' });
		expect(docker.calls()).toEqual([]);
		// sshd is back: the same call now goes through, so the failure above was the missing retry
		const [again] = await run({ operation: 'restart', stack: 'web' });
		expect(again.json).toMatchObject({ success: true });
		expect(docker.calls()).toEqual([...RESOLVE('web'), ['compose', '--project-name', 'web', 'restart']]);
	});
});
