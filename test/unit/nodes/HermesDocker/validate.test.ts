import { DOCKER_ACTIONS, MAX_STACK_CHARS } from '../../../../core/docker/contract';
import {
	checkAllowedActions,
	checkDockerCommand,
	checkProtectedStacks,
	checkSettings,
	checkStack,
	parseList,
} from '../../../../core/docker/validate';


/** A setting the operator got wrong: not the agent's to fix by retrying with other arguments. */
const misconfigured = (setting: string, why: string | RegExp) => ({
	ok: false,
	// The reason in a few words is what the workflow generator reports for a config value.
	reason: expect.stringMatching(typeof why === 'string' ? why : why.source),
	answer: {
		success: false,
		error: '__UNAVAILABLE__',
		hint: expect.stringMatching(
			new RegExp(`^The ${setting} setting of this node is misconfigured \\(.*${typeof why === 'string' ? why : why.source}.*\\)\\. .*Tell the operator\\.$`),
		),
		retry: 'never_here',
		state: 'misconfigured',
	},
});

describe('stack', () => {
	const PROTECTED = ['security-stack', 'vault'];

	test.each([['web'], ['my_stack-2'], ['0day'], ['a'.repeat(MAX_STACK_CHARS)]])('%j is accepted', (stack) => {
		expect(checkStack(stack, PROTECTED)).toEqual({ ok: true, value: stack });
	});

	test.each([['security-stack'], ['Security-Stack'], ['SECURITY-STACK'], [' security-stack'], ['security-stack\n'], ['\tsecurity-stack '], ['vault'], ['VAULT ']])(
		'%j is protected',
		(stack) => expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__PROTECTED__', retry: 'never_here' } }),
	);

	test.each([
		['web; rm -rf /'],
		['$(touch ~/x)'],
		['`id`'],
		['-p'],
		['--help'],
		['../etc'],
		['web/..'],
		['Web'],
		['web\n'],
		['web stack'],
		['_web'],
		['-web'],
		['web|cat'],
		['web&&id'],
		['web>f'],
		['*'],
		['web\u0000'],
		['wéb'],
		['a'.repeat(MAX_STACK_CHARS + 1)],
		["web'"],
		['web"'],
		['security-stack;'],
	])('%j -> __BAD_ARGUMENT__', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
	});

	test.each([[''], ['   '], [undefined], [null]])('%j -> __BAD_ARGUMENT__ (no stack named)', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
	});

	test.each([[42], [{ name: 'web' }]])('non-string %j -> __BAD_ARGUMENT__', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
	});
});

describe('docker command setting', () => {
	test.each([['docker'], ['/usr/bin/docker'], ['/opt/bin/docker-wrapper.sh'], ['podman']])('%j is accepted', (command) => {
		expect(checkDockerCommand(command)).toEqual({ ok: true, value: command });
	});

	test.each([[''], ['  '], ['sudo docker'], ['-H'], ['--host=tcp://x'], ['docker;id'], ['$(id)'], ['docker\nid'], ['`id`'], ['d'.repeat(257)], [undefined], [3]])(
		'%j -> __UNAVAILABLE__ for the operator',
		(command) => expect(checkDockerCommand(command)).toMatchObject(misconfigured('Docker Command', 'one word')),
	);
});

describe('allowed actions setting', () => {
	test.each([
		['status,logs,list,start,stop,restart,update', [...DOCKER_ACTIONS]],
		[' Status, LOGS ,,list ', ['status', 'logs', 'list']],
		['restart', ['restart']],
		['status,status', ['status']],
	])('%j -> %j', (raw, allowed) => expect(checkAllowedActions(raw)).toEqual({ ok: true, value: allowed }));

	test.each([
		['status,logs,bogus', 'unknown action "bogus"'],
		['status;logs', 'unknown action "status;logs"'],
		['status logs', 'unknown action "status logs"'],
		['rm', 'unknown action "rm"'],
		['stauts,logs', 'unknown action "stauts"'],
		['', 'it lists no action'],
		[' , ,', 'it lists no action'],
		[undefined, 'it is not text'],
		[7, 'it is not text'],
		[['status'], 'it is not text'],
	])('%j -> __UNAVAILABLE__ (%s)', (raw, why) => {
		expect(checkAllowedActions(raw)).toMatchObject(misconfigured('Allowed Actions', why.replace(/"/g, '.')));
	});
});

describe('protected stacks setting', () => {
	test.each([
		['security-stack', ['security-stack']],
		[' Security-Stack , vault_2,,', ['security-stack', 'vault_2']],
		['', []],
		['  ', []],
	])('%j -> %j', (raw, stacks) => expect(checkProtectedStacks(raw)).toEqual({ ok: true, value: stacks }));

	test.each([
		['security stack', 'not a stack name: "security stack"'],
		['security-stack;', 'not a stack name: "security-stack;"'],
		['web,_db', 'not a stack name: "_db"'],
		['web,-p', 'not a stack name: "-p"'],
		['web,séc', 'not a stack name: "séc"'],
		['a'.repeat(MAX_STACK_CHARS + 1), 'not a stack name'],
		[undefined, 'it is not text'],
		[42, 'it is not text'],
		[{ name: 'security-stack' }, 'it is not text'],
	])('%j -> __UNAVAILABLE__ (%s): a typo must not silently unprotect a stack', (raw, why) => {
		expect(checkProtectedStacks(raw)).toMatchObject(misconfigured('Protected Stacks', why.replace(/"/g, '.')));
	});
});

describe('all settings at once', () => {
	const good = { dockerCommand: 'docker', allowedActions: 'status,list', protectedStacks: 'security-stack' };

	test('good settings come back parsed', () => {
		expect(checkSettings(good)).toEqual({ ok: true, value: { docker: 'docker', allowed: ['status', 'list'], protectedStacks: ['security-stack'] } });
	});

	test.each([
		[{ dockerCommand: 'docker;id' }, 'Docker Command'],
		[{ allowedActions: 'status,nuke' }, 'Allowed Actions'],
		[{ protectedStacks: 'security stack' }, 'Protected Stacks'],
	])('%j -> __UNAVAILABLE__ naming %s', (bad, setting) => {
		expect(checkSettings({ ...good, ...bad })).toMatchObject(misconfigured(setting, ''));
	});
});

test('lists are trimmed, lower-cased, empty entries dropped', () => {
	expect(parseList(' A, b ,,C ')).toEqual(['a', 'b', 'c']);
	expect(parseList(undefined)).toEqual([]);
});
