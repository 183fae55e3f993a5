/**
 * The one operation reader every node's router uses: the same match and the same answers in
 * every node, for a value the node does not offer and for one the operator's allow-list excludes.
 */
import { DOCKER_ACTIONS, type DockerAction } from '../../../../core/docker/contract';
import { ODOO_OPERATIONS } from '../../../../core/odoo/contract';
import { pickOperation } from '../../../../nodes/shared/operations';

const table = <Op extends string>(operations: readonly Op[]) => Object.fromEntries(operations.map((op) => [op, `module of ${op}`])) as Record<Op, string>;
const DOCKER = table(DOCKER_ACTIONS);
const ODOO = table(ODOO_OPERATIONS);

describe('a value the node offers', () => {
	test.each<[unknown, string]>([
		['restart', 'restart'],
		[' Restart ', 'restart'],
		['STATUS', 'status'],
		['stop\n', 'stop'],
	])('%j is %s, with its module', (raw, operation) => {
		expect(pickOperation(DOCKER, raw)).toEqual({ ok: true, value: { operation, module: `module of ${operation}` } });
	});

	test.each<[unknown, string]>([
		['getAll', 'getAll'],
		['GETALL', 'getAll'],
		[' delete', 'delete'],
	])('%j is the camel-case operation %s', (raw, operation) => {
		expect(pickOperation(ODOO, raw)).toEqual({ ok: true, value: { operation, module: `module of ${operation}` } });
	});
});

describe('a value the node does not offer: __BAD_ARGUMENT__ naming the accepted values', () => {
	test.each<[unknown, string]>([
		['rm', '"rm"'],
		['restart; rm -rf /', '"restart; rm -rf /"'],
		['logs --follow', '"logs --follow"'],
		['start\nstop', '"start\\nstop"'],
		['re start', '"re start"'],
		['', '""'],
		[7, '7'],
		[['start'], '["start"]'],
		[{}, '{}'],
		[null, 'null'],
		[undefined, 'nothing'],
	])('%j', (raw, named) => {
		expect(pickOperation(DOCKER, raw)).toEqual({
			ok: false,
			reason: expect.any(String),
			answer: {
				success: false,
				error: '__BAD_ARGUMENT__',
				hint: `${named} is not an operation of this tool. Accepted values: ${DOCKER_ACTIONS.join(', ')}.`,
				retry: 'change_arguments',
			},
		});
	});

	test('a long value is cut in the hint', () => {
		const checked = pickOperation(ODOO, 'x'.repeat(500));
		expect(checked.ok ? '' : checked.answer.hint).toBe(`"${'x'.repeat(79)} is not an operation of this tool. Accepted values: ${ODOO_OPERATIONS.join(', ')}.`);
	});
});

describe("with the operator's allow-list: any value off it is __BAD_ACTION__ naming only the allowed ones", () => {
	// The node's allowed actions are the calling tool's own list (set on the node in both gateway modes).
	test.each<[string, unknown, readonly DockerAction[], string]>([
		['docker_read asked to restart', 'restart', ['status', 'logs', 'list'], '"restart"'],
		['docker_manage asked for logs, in capitals', ' LOGS', ['start', 'stop', 'restart', 'update'], '"logs"'],
		['docker_manage asked for what no tool offers', 'destroy', ['start', 'stop', 'restart', 'update'], '"destroy"'],
		['a node allowing status and list only', 'prune', ['status', 'list'], '"prune"'],
	])('%s', (_case, raw, allowed, named) => {
		expect(pickOperation(DOCKER, raw, allowed)).toEqual({
			ok: false,
			reason: expect.any(String),
			answer: {
				success: false,
				error: '__BAD_ACTION__',
				hint: `${named} is not one this tool takes. Allowed here: ${allowed.join(', ')}.`,
				retry: 'change_arguments',
			},
		});
	});

	test('a value on it passes', () => {
		expect(pickOperation(DOCKER, 'logs', ['status', 'logs', 'list'])).toEqual({ ok: true, value: { operation: 'logs', module: 'module of logs' } });
	});
});
