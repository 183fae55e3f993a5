/**
 * Compose's views rebuilt from the Engine API's container list, and the answers for what the
 * daemon says. Entries are shaped as Docker Engine 20.10 writes them (checked against the real
 * engine in test/integration/docker/dockerEngine.test.ts); no host, no stand-in.
 */
import { engineAnswer, listAnswerOf, statusAnswerOf } from '../../../../nodes/HermesDocker/helpers/answers';
import { composeLs, composePs, containerListPath, type EngineContainer } from '../../../../nodes/HermesDocker/helpers/composeViews';

const labels = (project: string, service: string) => ({ 'com.docker.compose.project': project, 'com.docker.compose.service': service });
const entry = (name: string, state: string, status: string, more: Partial<EngineContainer> = {}): EngineContainer => ({
	Id: `${name.length}`.padEnd(64, 'a'),
	Names: [`/${name}`],
	Image: 'nginx:1.27',
	State: state,
	Status: status,
	Labels: labels('web', name.split('-')[1] ?? ''),
	...more,
});

test.each([
	['running, healthy', 'running', 'Up 2 minutes (healthy)', 'healthy'],
	['running, unhealthy', 'running', 'Up 5 seconds (unhealthy)', 'unhealthy'],
	['running, health check starting', 'running', 'Up 1 second (health: starting)', 'starting'],
	['running, no health check', 'running', 'Up 3 hours', ''],
	['paused', 'paused', 'Up 3 hours (Paused)', ''],
	['exited (health is only for running containers)', 'exited', 'Exited (1) 2 minutes ago (healthy)', ''],
	['restarting', 'restarting', 'Restarting (1) 3 seconds ago', ''],
	['a status text that only mentions health', 'running', 'Up 3 hours (healthy) extra', ''],
])('health of a %s container', (_case, state, status, health) => {
	expect(composePs([entry('web-app-1', state, status)])[0]).toMatchObject({ State: state, Status: status, Health: health });
});

test.each([
	['its own name', ['/web-app-1'], 'web-app-1'],
	['a link alias listed first', ['/blog/db', '/web-db-1'], 'web-db-1'],
	['only link aliases', ['/blog/db'], 'blog/db'],
	['no names: the short id', [], '9aaaaaaaaaaa'],
])('the container name from %s', (_case, names, name) => {
	expect(composePs([entry('web-app-1', 'running', 'Up', { Names: names, Id: '9'.padEnd(64, 'a') })])[0].Name).toBe(name);
});

test('compose ps: sorted by name in byte order, service from its label, missing fields empty', () => {
	const ps = composePs([entry('web-b-1', 'running', 'Up'), entry('web-B-1', 'exited', 'Exited (0)'), { Id: 'c'.repeat(64), Names: ['/web-a-1'], Labels: null }]);
	expect(ps).toEqual([
		{ Name: 'web-B-1', Service: 'B', State: 'exited', Status: 'Exited (0)', Health: '', Image: 'nginx:1.27' },
		{ Name: 'web-a-1', Service: '', State: '', Status: '', Health: '', Image: '' },
		{ Name: 'web-b-1', Service: 'b', State: 'running', Status: 'Up', Health: '', Image: 'nginx:1.27' },
	]);
});

test('compose ls: one stack per project label, states counted in order, stacks by name, unlabelled containers left out', () => {
	const ls = composeLs([
		entry('web-app-1', 'running', 'Up'),
		entry('web-db-1', 'exited', 'Exited (0)'),
		entry('web-app-2', 'running', 'Up'),
		entry('blog-ghost-1', 'created', 'Created', { Labels: labels('blog', 'ghost') }),
		entry('loose', 'running', 'Up', { Labels: {} }),
		entry('bare', 'running', 'Up', { Labels: null }),
	]);
	expect(ls).toEqual([
		{ Name: 'blog', Status: 'created(1)' },
		{ Name: 'web', Status: 'exited(1), running(2)' },
	]);
	expect(composeLs([])).toEqual([]);
});

test.each([
	['an object', { message: 'page not found' }],
	['an array of strings', ['web-app-1']],
	['null', null],
])('a container list that is %s is not Docker JSON', (_case, body) => {
	expect(engineAnswer({ kind: 'response', status: 200, body: Buffer.from(JSON.stringify(body)), truncated: false }, (b) => statusAnswerOf('web', composePs(b)))).toMatchObject({
		success: false,
		error: '__UNAVAILABLE__',
		state: 'misconfigured',
		retry: 'never_here',
		hint: expect.stringContaining('not Docker JSON'),
	});
});

test('the filter asks the daemon for one project, or for every container with a project label, stopped ones included', () => {
	const filters = (path: string) => JSON.parse(new URLSearchParams(path.split('?')[1]).get('filters') ?? '') as unknown;
	expect(containerListPath('web').startsWith('/containers/json?all=1&filters=')).toBe(true);
	expect(filters(containerListPath('web'))).toEqual({ label: ['com.docker.compose.project=web'] });
	expect(filters(containerListPath())).toEqual({ label: ['com.docker.compose.project'] });
});

const reply = (status: number, body: string) => ({ kind: 'response' as const, status, body: Buffer.from(body), truncated: false });

test.each([
	['200 with a list', reply(200, JSON.stringify([entry('web-app-1', 'running', 'Up 1 minute')])), { success: true, count: 1 }],
	['200 with an empty list: no such stack', reply(200, '[]'), { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' }],
	['200 that is not JSON', reply(200, '<html>'), { success: false, state: 'misconfigured', hint: expect.stringContaining('not Docker JSON') }],
	['500 with Docker’s error body', reply(500, '{"message":"layer does not exist"}\n'), { success: false, state: 'unreachable', retry: 'later', hint: 'The Docker daemon answered 500: layer does not exist' }],
	['400 with some other body', reply(400, 'bad filter'), { success: false, state: 'unreachable', hint: 'The Docker daemon answered 400: bad filter' }],
	['404 with no body', reply(404, ''), { success: false, hint: 'The Docker daemon answered 404: no message' }],
	['no answer in time', { kind: 'timeout' as const, message: '/run/docker.sock did not answer within 30 s' }, { success: false, state: 'unreachable', retry: 'later', hint: expect.stringContaining('did not answer within 30 s') }],
	['an answer broken off', { kind: 'bad-response' as const, message: '/run/docker.sock closed the connection' }, { success: false, state: 'unreachable', hint: expect.stringContaining('closed the connection') }],
])('the daemon answers %s', (_case, result, expected) => {
	expect(engineAnswer(result, (body) => statusAnswerOf('web', composePs(body)))).toMatchObject(expected);
});

test('list and status read the same records either way: the command’s JSON or the rebuilt view', () => {
	expect(listAnswerOf([{ Name: 'web', Status: 'running(2)', ConfigFiles: '/srv/web/compose.yaml' }])).toEqual({ success: true, action: 'list', count: 1, stacks: [{ name: 'web', status: 'running(2)' }] });
	expect(statusAnswerOf('web', composePs([entry('web-app-1', 'running', 'Up 1 minute (healthy)')]))).toEqual({
		success: true,
		action: 'status',
		stack: 'web',
		count: 1,
		containers: [{ name: 'web-app-1', service: 'app', state: 'running', status: 'Up 1 minute (healthy)', health: 'healthy', image: 'nginx:1.27' }],
	});
});
