/** The Hermes Odoo node's checks: what passes, and what each refusal answers. */
import { ODOO_DOMAIN_OPERATORS, ODOO_MAX_LIMIT } from '../../../../core/odoo/contract';
import {
	checkFieldList,
	checkFilters,
	checkLimit,
	checkModel,
	checkRecordId,
	checkWrites,
} from '../../../../nodes/HermesOdoo/helpers/validate';
import { answerOf } from '../../../helpers/checked';

const misconfigured = (setting: string) => ({
	success: false,
	error: '__UNAVAILABLE__',
	state: 'misconfigured',
	retry: 'never_here',
	hint: expect.stringMatching(new RegExp(`^The ${setting} setting of this node is misconfigured .*Tell the operator\\.$`)),
});
const refused = (marker: string, hint: RegExp) => ({ success: false, error: marker, retry: 'change_arguments', hint: expect.stringMatching(hint) });

describe('model (the operator sets it)', () => {
	test.each([
		['project.task', 'project.task'],
		[' crm.lead ', 'crm.lead'],
		['account.analytic.line', 'account.analytic.line'],
		['res_partner', 'res_partner'],
	])('%j is %s', (raw, model) => expect(answerOf(checkModel(raw))).toBe(model));
	test.each([[''], ['Project.Task'], ['project..task'], ['project.task;drop'], ['.task'], [undefined]])('%j is misconfigured', (raw) =>
		expect(answerOf(checkModel(raw))).toEqual(misconfigured('Model')),
	);
});

describe('field lists (settings)', () => {
	test.each([
		['id,name', ['id', 'name']],
		[' id , name ,, id ', ['id', 'name']],
		['', []],
		[undefined, []],
	])('%j is %j', (raw, fields) => expect(answerOf(checkFieldList('Fields List', raw))).toEqual(fields));
	test.each([['id,Name'], ['id;name'], ['name.id'], [['id']]])('%j is misconfigured', (raw) =>
		expect(answerOf(checkFieldList('Fields List', raw))).toEqual(misconfigured('Fields List')),
	);
});

describe('record id (the agent sends it)', () => {
	test.each([
		[1, 1],
		['42', 42],
		[' 7 ', 7],
	])('%j is %i', (raw, id) => expect(answerOf(checkRecordId(raw))).toBe(id));
	test.each([[0], [-1], [1.5], ['abc'], ['1e3'], [''], [undefined], [null], [true]])('%j is __BAD_ARGUMENT__', (raw) =>
		expect(answerOf(checkRecordId(raw))).toEqual(refused('__BAD_ARGUMENT__', /positive whole number/)),
	);
});

describe('limit (the agent sends it)', () => {
	test.each([
		[1, 1],
		['50', 50],
		[ODOO_MAX_LIMIT, ODOO_MAX_LIMIT],
	])('%j is %i', (raw, limit) => expect(answerOf(checkLimit(raw))).toBe(limit));
	test.each([[0], [ODOO_MAX_LIMIT + 1], [2.5], ['many'], [undefined]])('%j is __BAD_ARGUMENT__', (raw) =>
		expect(answerOf(checkLimit(raw))).toEqual(refused('__BAD_ARGUMENT__', new RegExp(`from 1 to ${ODOO_MAX_LIMIT}`))),
	);
});

describe('fields to write', () => {
	const allowed = ['name', 'date_deadline'];
	test.each([
		[[{ name: 'name', value: 'x' }], allowed, { name: 'x' }],
		[[{ name: ' date_deadline ', value: '2026-01-02' }], allowed, { date_deadline: '2026-01-02' }],
		[[{ name: 'anything', value: 1 }], [], { anything: 1 }],
		[[], allowed, {}],
	])('%j with %j writes %j', (writes, list, values) => expect(answerOf(checkWrites(writes, list))).toEqual(values));

	test.each([
		[[{ name: 'user_id', value: 2 }], /^The field "user_id" is not one this tool writes\. Allowed here: name, date_deadline\.$/],
		[[{ name: 'name', value: 'x' }, { name: 'stage_id', value: 3 }], /"stage_id" is not one this tool writes/],
		[[{ name: 'Name; x', value: 'x' }], /is not a field name\. Allowed here: name, date_deadline\./],
		[[{ name: undefined, value: 'x' }], /is not a field name/],
	])('%j is __BAD_ARGUMENT__ naming the allowed fields', (writes, hint) => expect(answerOf(checkWrites(writes, allowed))).toEqual(refused('__BAD_ARGUMENT__', hint)));
});

describe('filters (settings; the value may be the agent)', () => {
	test.each(Object.entries(ODOO_DOMAIN_OPERATORS))('%s is Odoo %j', (operator, odoo) =>
		expect(answerOf(checkFilters([{ field: 'name', operator, value: 'x' }]))).toEqual([['name', odoo, 'x']]),
	);
	test('no filter is the empty domain, several are AND-ed in order', () => {
		expect(answerOf(checkFilters([]))).toEqual([]);
		expect(
			answerOf(
				checkFilters([
					{ field: 'project_id', operator: 'notEqual', value: false },
					{ field: 'date', operator: 'greaterOrEqual', value: '2026-01-06' },
				]),
			),
		).toEqual([
			['project_id', '!=', false],
			['date', '>=', '2026-01-06'],
		]);
	});
	test.each([
		[{ field: 'name', operator: '=', value: 'x' }],
		[{ field: 'name', operator: 'toString', value: 'x' }],
		[{ field: 'Name', operator: 'equal', value: 'x' }],
		[{ field: '', operator: 'equal', value: 'x' }],
	])('%j is misconfigured', (filter) => expect(answerOf(checkFilters([filter]))).toEqual(misconfigured('Filters')));
});
