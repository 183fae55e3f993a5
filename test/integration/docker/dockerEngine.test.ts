import type { IDataObject } from 'n8n-workflow';

import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { ENGINE_SECONDS, forgetEngineEndpoints } from '../../../nodes/HermesDocker/helpers/engine';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { startDockerEngine, TEST_IMAGE, type DockerEngineHandle } from '../../harness/dockerEngine';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * Reads through the Docker Engine API. Real: the node, the SSH transport, OpenSSH sshd (which
 * opens the daemon's socket), Debian's Docker Engine 20.10 and the docker CLI, pointed at that
 * daemon by DOCKER_HOST in a wrapper that records its calls. Not here: the compose plugin, so the
 * stacks' containers carry compose's labels by hand, and where the node uses the command for a
 * compose view the real CLI answers that it has no compose plugin.
 */
jest.setTimeout(180_000);

let sshd: SshdHandle;
let engine: DockerEngineHandle;

beforeAll(async () => {
	[sshd, engine] = await Promise.all([startSshd(), startDockerEngine()]);
	await Promise.all([
		engine.composeContainer({ project: 'web', service: 'app', state: 'running', health: 'healthy' }),
		engine.composeContainer({ project: 'web', service: 'worker', state: 'exited', exitCode: 3 }),
		engine.composeContainer({ project: 'web', service: 'cron', state: 'created' }),
		engine.composeContainer({ project: 'blog', service: 'ghost', state: 'running', health: 'unhealthy' }),
		engine.docker('run', '-d', '--network', 'none', '--name', 'loose', TEST_IMAGE, 'sleep', '3600'),
	]);
});

afterAll(async () => {
	await closeAllConnections();
	await Promise.all([sshd?.stop(), engine?.stop()]);
});

beforeEach(() => {
	forgetEngineEndpoints();
	engine.clearCalls();
});

async function answer(parameters: Record<string, unknown>, on = sshd): Promise<IDataObject> {
	const [out] = await executeNode(new HermesDocker(), {
		parameters: { dockerCommand: engine.command, ...parameters },
		credentials: { hermesSshApi: on.credentials },
	});
	return out[0].json;
}

const PROBE = ['context', 'inspect', '--format', '{{.Endpoints.docker.Host}}'];

test('status: compose ps rebuilt from the daemon, by name, health from the engine; the command ran once, to find the socket', async () => {
	expect(await answer({ operation: 'status', stack: 'web' })).toEqual({
		success: true,
		action: 'status',
		stack: 'web',
		count: 3,
		containers: [
			{ name: 'web-app-1', service: 'app', state: 'running', status: expect.stringMatching(/^Up .* \(healthy\)$/), health: 'healthy', image: TEST_IMAGE },
			{ name: 'web-cron-1', service: 'cron', state: 'created', status: 'Created', health: '', image: TEST_IMAGE },
			{ name: 'web-worker-1', service: 'worker', state: 'exited', status: expect.stringMatching(/^Exited \(3\) /), health: '', image: TEST_IMAGE },
		],
	});
	expect(await answer({ operation: 'status', stack: 'blog' })).toMatchObject({ containers: [{ name: 'blog-ghost-1', state: 'running', health: 'unhealthy' }] });
	expect(engine.commandCalls()).toEqual([PROBE]);
});

test('list: compose ls rebuilt from the daemon, states counted and sorted; containers of no stack left out', async () => {
	expect(await answer({ operation: 'list' })).toEqual({
		success: true,
		action: 'list',
		count: 2,
		stacks: [
			{ name: 'blog', status: 'running(1)' },
			{ name: 'web', status: 'created(1), exited(1), running(1)' },
		],
	});
	expect(engine.commandCalls()).toEqual([PROBE]);
});

test('a name that is no stack, and a container outside any stack: not found, as the command answers it', async () => {
	for (const stack of ['ghost', 'loose']) {
		expect(await answer({ operation: 'status', stack })).toMatchObject({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringContaining(`"${stack}"`) });
	}
});

test("the daemon's state as it is now: a container stopped between two reads", async () => {
	await engine.docker('run', '-d', '--network', 'none', '--name', 'shop-api-1', '--label', 'com.docker.compose.project=shop', '--label', 'com.docker.compose.service=api', TEST_IMAGE, 'sleep', '3600');
	expect(await answer({ operation: 'status', stack: 'shop' })).toMatchObject({ containers: [{ name: 'shop-api-1', state: 'running' }] });
	await engine.docker('kill', 'shop-api-1');
	expect(await answer({ operation: 'status', stack: 'shop' })).toMatchObject({ containers: [{ name: 'shop-api-1', state: 'exited', status: expect.stringMatching(/^Exited \(137\) /) }] });
	await engine.docker('rm', 'shop-api-1');
	expect(engine.commandCalls()).toEqual([PROBE]);
});

test('the socket is believed for a while: later reads start no process on the host', async () => {
	await answer({ operation: 'list' });
	engine.clearCalls();
	await answer({ operation: 'status', stack: 'web' });
	await answer({ operation: 'list' });
	expect(engine.commandCalls()).toEqual([]);
});

test('logs and Check Only of a manage action still use the command: the real CLI says it has no compose plugin', async () => {
	expect(await answer({ operation: 'logs', stack: 'web' })).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', hint: expect.stringContaining('no compose plugin') });
	expect(await answer({ operation: 'restart', stack: 'web', checkOnly: true })).toMatchObject({ success: false, state: 'misconfigured', hint: expect.stringContaining('no compose plugin') });
	// logs; then the target check: compose ls and inspect, in one script.
	expect(engine.commandCalls().map((argv) => argv[0])).toEqual(['compose', 'compose', 'inspect']);
});

describe('sshd with AllowStreamLocalForwarding no', () => {
	let refusing: SshdHandle;
	beforeAll(async () => {
		refusing = await startSshd({ extraConfig: ['AllowStreamLocalForwarding no'] });
	});
	afterAll(async () => {
		await closeAllConnections();
		await refusing?.stop();
	});

	test('reads fall back to the command, which answers in its own words; then the socket is not tried for a while', async () => {
		for (let i = 0; i < 2; i++) {
			expect(await answer({ operation: 'status', stack: 'web' }, refusing)).toMatchObject({ success: false, state: 'misconfigured', hint: expect.stringContaining('no compose plugin') });
		}
		expect(engine.commandCalls()).toEqual([PROBE, ['compose', '--project-name', 'web', 'ps', '--all', '--format', 'json'], ['compose', '--project-name', 'web', 'ps', '--all', '--format', 'json']]);
	});
});

test('a daemon that takes the connection but never answers: unreachable at the limit, a retry may help', async () => {
	await answer({ operation: 'list' });
	const thaw = await engine.freeze();
	try {
		const started = Date.now();
		expect(await answer({ operation: 'list' })).toMatchObject({
			success: false,
			error: '__UNAVAILABLE__',
			state: 'unreachable',
			retry: 'later',
			hint: expect.stringContaining(`did not answer within ${ENGINE_SECONDS} s`),
		});
		expect(Date.now() - started).toBeGreaterThanOrEqual(ENGINE_SECONDS * 1000 - 100);
	} finally {
		thaw();
	}
	expect(await answer({ operation: 'list' })).toMatchObject({ success: true, count: 2 });
});
