import { ACTIONS, checkAction, checkDockerCommand, checkStack, MAX_STACK_CHARS, parseList } from '../../../nodes/HermesDocker/validate';

const ALL = ACTIONS.join(',');

describe('action', () => {
	test.each(ACTIONS.map((a) => [a]))('%s is accepted', (action) => expect(checkAction(action, ALL)).toEqual({ ok: true, value: action }));

	test.each([
		[' Restart ', 'restart'],
		['STATUS', 'status'],
	])('%j is read as %s', (raw, action) => expect(checkAction(raw, ALL)).toEqual({ ok: true, value: action }));

	test.each([
		['rm'],
		['exec'],
		['down'],
		['kill'],
		['run'],
		['restart; rm -rf /'],
		['logs --follow'],
		['$(id)'],
		['start\nstop'],
		[''],
		[undefined],
		[null],
		[7],
		[['start']],
	])('%j -> __BAD_ACTION__', (raw) => {
		expect(checkAction(raw, ALL)).toMatchObject({ ok: false, answer: { error: '__BAD_ACTION__' } });
	});

	test('an action off the whitelist is refused and the hint lists what is allowed', () => {
		expect(checkAction('restart', 'status, LOGS ,list,bogus')).toMatchObject({
			ok: false,
			answer: { error: '__BAD_ACTION__', hint: expect.stringContaining('status, logs, list') },
		});
		expect(checkAction('logs', 'status, LOGS ,list')).toEqual({ ok: true, value: 'logs' });
	});

	test('an empty whitelist allows nothing', () => {
		expect(checkAction('status', '')).toMatchObject({ ok: false, answer: { hint: expect.stringContaining('none') } });
	});
});

describe('stack', () => {
	const PROTECTED = 'security-stack, Vault ';

	test.each([['web'], ['my_stack-2'], ['0day'], ['a'.repeat(MAX_STACK_CHARS)]])('%j is accepted', (stack) => {
		expect(checkStack(stack, PROTECTED)).toEqual({ ok: true, value: stack });
	});

	test.each([['security-stack'], ['Security-Stack'], ['SECURITY-STACK'], [' security-stack'], ['security-stack\n'], ['\tsecurity-stack '], ['vault'], ['VAULT ']])(
		'%j is protected',
		(stack) => expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__PROTECTED__' } }),
	);

	test.each([
		['web; rm -rf /'],
		['$(touch /tmp/x)'],
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
	])('%j -> __BAD_ACTION__', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__BAD_ACTION__' } });
	});

	test.each([[''], ['   '], [undefined], [null]])('%j -> __EMPTY_QUERY__', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__EMPTY_QUERY__' } });
	});

	test.each([[42], [{ name: 'web' }]])('non-string %j -> __BAD_ACTION__', (stack) => {
		expect(checkStack(stack, PROTECTED)).toMatchObject({ ok: false, answer: { error: '__BAD_ACTION__' } });
	});
});

describe('docker command setting', () => {
	test.each([['docker'], ['/usr/bin/docker'], ['/opt/bin/docker-wrapper.sh'], ['podman']])('%j is accepted', (command) => {
		expect(checkDockerCommand(command)).toEqual({ ok: true, value: command });
	});

	test.each([[''], ['sudo docker'], ['-H'], ['--host=tcp://x'], ['docker;id'], ['$(id)'], ['docker\nid'], ['`id`'], [undefined], [3]])(
		'%j -> __BAD_ACTION__',
		(command) => expect(checkDockerCommand(command)).toMatchObject({ ok: false, answer: { error: '__BAD_ACTION__' } }),
	);
});

test('lists are trimmed, lower-cased, empty entries dropped', () => {
	expect(parseList(' A, b ,,C ')).toEqual(['a', 'b', 'c']);
	expect(parseList(undefined)).toEqual([]);
});
