import {
	answerFrom,
	listAnswer,
	logsAnswer,
	parseJsonRecords,
	resolveTarget,
	statusAnswer,
	usableConfigFiles,
} from '../../../../nodes/HermesDocker/helpers/answers';
import { DOCKER_LOG_CAPS } from '../../../../core/docker/contract';
import { STATE_RETRY } from '../../../../core/markers';
import { EXIT, NO_CONTAINERS, SECTION } from '../../../../nodes/HermesDocker/scripts/compose';

const ok = (stdout: string) => ({ stdout, stderr: '', exitCode: 0 });

test('reads both shapes of --format json: one array, or one object per line', () => {
	expect(parseJsonRecords('[{"a":1},{"a":2}]\n')).toEqual([{ a: 1 }, { a: 2 }]);
	expect(parseJsonRecords('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
	expect(parseJsonRecords('  \n')).toEqual([]);
});

test('docker output that is not JSON is an answer, not a throw', () => {
	expect(answerFrom(ok('Usage: docker [OPTIONS]'), listAnswer)).toMatchObject({ success: false, error: '__UNAVAILABLE__', retry: 'never_here', state: 'misconfigured' });
});

test('a failing docker command -> __UNAVAILABLE__ with docker words; 127 says the command is missing', () => {
	expect(answerFrom({ stdout: '', stderr: 'Cannot connect to the Docker daemon', exitCode: 1 }, listAnswer)).toMatchObject({
		error: '__UNAVAILABLE__',
		hint: expect.stringContaining('Cannot connect to the Docker daemon'),
		retry: 'later',
		state: 'unreachable',
	});
	expect(answerFrom({ stdout: '', stderr: 'bash: docker: command not found', exitCode: 127 }, listAnswer)).toMatchObject({
		hint: expect.stringContaining('Docker Command setting'),
		retry: 'never_here',
		state: 'misconfigured',
	});
});

test.each([
	['docker 25+ without the compose plugin', "docker: unknown command: docker compose\n\nRun 'docker --help' for more information", 1, 'misconfigured', /no compose plugin.*docker-compose-plugin/],
	['docker 20.10-24 without the compose plugin', "docker: 'compose' is not a docker command.\nSee 'docker --help'", 1, 'misconfigured', /no compose plugin/],
	['docker 28 without the compose plugin, given our flags', "unknown flag: --project-name\n\nUsage:  docker [OPTIONS] COMMAND [ARG...]\n\nRun 'docker --help' for more information", 125, 'misconfigured', /no compose plugin.*\(unknown flag: --project-name\)$/],
	['docker 20.10 without the compose plugin, given --all, before its whole usage text', `unknown flag: --all\nSee 'docker --help'.\n\nUsage:  docker [OPTIONS] COMMAND\n${'  run         Run a command in a new container\n'.repeat(60)}`, 125, 'misconfigured', /no compose plugin.*\(unknown flag: --all\)$/],
	['a flag compose itself does not know', 'unknown flag: --no-color-x', 125, 'unreachable', /unknown flag: --no-color-x/],
	['a user outside the docker group', 'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock', 1, 'misconfigured', /docker group/],
	['no docker at all', 'bash: line 1: docker: command not found', 127, 'misconfigured', /install Docker.*Docker Command setting/],
	['a daemon that is down', 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?', 1, 'unreachable', /Cannot connect/],
	['an unknown compose subcommand error', 'no such service: web', 1, 'unreachable', /no such service/],
] as const)('%s: __UNAVAILABLE__ in its state', (_case, stderr, exitCode, state, hint) => {
	expect(answerFrom({ stdout: '', stderr, exitCode }, listAnswer)).toEqual({
		success: false,
		error: '__UNAVAILABLE__',
		state,
		retry: STATE_RETRY[state],
		hint: expect.stringMatching(hint),
	});
});

test('status of a stack without containers -> __NOT_FOUND__', () => {
	expect(statusAnswer('ghost', ok(''))).toMatchObject({ error: '__NOT_FOUND__', retry: 'change_arguments' });
});

test('logs of a name without containers (a protected stack\'s container name) answer as status does, not as empty logs', () => {
	const name = 'security-stack-crowdsec-1';
	const status = statusAnswer(name, ok(''));
	expect(status).toEqual({ success: false, error: '__NOT_FOUND__', hint: expect.stringContaining(`"${name}"`), retry: 'change_arguments' });
	expect(logsAnswer(name, ok(`${NO_CONTAINERS}\n`))).toEqual(status);
	// Only the script's own line means "no containers": a log line that says it is still a log.
	expect(logsAnswer('web', ok(`web-app-1  | ${NO_CONTAINERS}\n`))).toMatchObject({ success: true });
});

test('logs over the cap keep the newest whole lines and say truncated', () => {
	const lines = Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(90)}`).join('\n');
	const tail = lines.slice(-(DOCKER_LOG_CAPS.chars + 1));
	const answer = logsAnswer('web', ok(tail));
	expect(answer.truncated).toBe(true);
	expect(Buffer.byteLength(answer.logs as string)).toBeLessThanOrEqual(DOCKER_LOG_CAPS.chars);
	expect((answer.logs as string).startsWith('line ')).toBe(true);
	expect((answer.logs as string).endsWith('line 399 ' + 'x'.repeat(90))).toBe(true);
});

const resolution = (ls: unknown[], inspect?: unknown[]) =>
	ok(
		[
			`${SECTION} ls`,
			JSON.stringify(ls),
			`${EXIT} 0`,
			`${SECTION} inspect`,
			inspect ? JSON.stringify(inspect) : '[]',
			`${EXIT} ${inspect ? 0 : 1}`,
			'',
		].join('\n'),
	);
const project = (name: string, files = `/srv/${name}/compose.yaml`) => ({ Name: name, Status: 'running(1)', ConfigFiles: files });
const container = (name: string, projectLabel?: string) => ({
	Id: 'f'.repeat(64),
	Name: `/${name}`,
	Config: { Labels: projectLabel === undefined ? {} : { 'com.docker.compose.project': projectLabel } },
});

describe('what Docker resolves before a manage action', () => {
	test('a known stack resolves to its compose files', () => {
		expect(resolveTarget('web', ['security-stack'], resolution([project('web', '/a/c.yaml,/a/o.yaml')]))).toEqual({
			ok: true,
			value: ['/a/c.yaml', '/a/o.yaml'],
		});
	});

	test.each([['security-stack'], ['Security-Stack'], [' security-stack ']])('a container of the project %j is protected', (label) => {
		const answer = resolveTarget('5ec0', ['security-stack'], resolution([project('web')], [container('security-stack-crowdsec-1', label)]));
		expect(answer).toMatchObject({ ok: false, answer: { error: '__PROTECTED__', retry: 'never_here', hint: expect.stringContaining('security-stack-crowdsec-1') } });
	});

	test('a container of another stack is not a stack: __NOT_FOUND__ naming its stack', () => {
		const answer = resolveTarget('a1b2', ['security-stack'], resolution([project('web')], [container('web-app-1', 'web')]));
		expect(answer).toMatchObject({ ok: false, answer: { error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringContaining('"web"') } });
	});

	test('an unknown name -> __NOT_FOUND__', () => {
		expect(resolveTarget('nope', [], resolution([project('web')]))).toMatchObject({ ok: false, answer: { error: '__NOT_FOUND__', retry: 'change_arguments' } });
	});

	test('docker failing during resolution -> __UNAVAILABLE__', () => {
		const output = ok(`${SECTION} ls\nCannot connect to the Docker daemon\n${EXIT} 1\n${SECTION} inspect\n[]\n${EXIT} 1\n`);
		expect(resolveTarget('web', [], output)).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', retry: 'later', state: 'unreachable' } });
	});

	test('garbage from the docker command -> __UNAVAILABLE__, not a throw', () => {
		expect(resolveTarget('web', [], ok(`${SECTION} ls\nnot json\n${EXIT} 0\n`))).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', retry: 'never_here', state: 'misconfigured' } });
	});
});

test.each([[[]], [['relative/compose.yaml']], [['-f']], [['/ok.yaml', '/bad\n.yaml']]])('unusable compose files %j -> __NOT_FOUND__, for someone on the host to fix', (files) => {
	expect(usableConfigFiles('web', files)).toMatchObject({ ok: false, answer: { error: '__NOT_FOUND__', retry: 'never_here' } });
});
