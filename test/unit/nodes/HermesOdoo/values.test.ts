/** Values reach Odoo with their field's type: what each type takes, and what it refuses before Odoo sees it. */
import { typedValues, type OdooFields } from '../../../../nodes/HermesOdoo/helpers/values';
import { answerOf } from '../../../helpers/checked';

const FIELDS: OdooFields = {
	name: { type: 'char' },
	description: { type: 'html' },
	probability: { type: 'float' },
	expected_revenue: { type: 'monetary' },
	color: { type: 'integer' },
	stage_id: { type: 'many2one', relation: 'crm.stage' },
	active: { type: 'boolean' },
	date: { type: 'date' },
	date_deadline: { type: 'datetime' },
	type: { type: 'selection' },
	tag_ids: { type: 'many2many' },
};

const typed = (field: string, value: unknown) => answerOf(typedValues('crm.lead', { [field]: value }, FIELDS));

test.each([
	['probability', '60', 60],
	['probability', ' 55.5 ', 55.5],
	['probability', 12, 12],
	['expected_revenue', '5000', 5000],
	['color', '3', 3],
	['stage_id', '3', 3],
	['stage_id', 3, 3],
	['stage_id', 0, false],
	['stage_id', '', false],
	['active', 'true', true],
	['active', 'FALSE', false],
	['active', true, true],
	['date', '2026-02-28', '2026-02-28'],
	['date', '', false],
	['date_deadline', '2027-01-15', '2027-01-15'],
	['date_deadline', '2027-01-15T09:30', '2027-01-15 09:30'],
	['date_deadline', '2027-01-15 09:30:00', '2027-01-15 09:30:00'],
	['name', 'Website', 'Website'],
	['name', 42, '42'],
	['description', '<p>x</p>', '<p>x</p>'],
	['type', 'opportunity', 'opportunity'],
	['tag_ids', [1, 2], [1, 2]],
	['probability', false, false],
	['date', null, false],
])('%s %j is sent as %j', (field, value, sent) => expect(typed(field, value)).toEqual({ [field]: sent }));

test.each([
	['probability', 'lots', /a number written with digits/],
	['probability', '', /a number/],
	['expected_revenue', '5k', /a number/],
	['color', '2.5', /a whole number/],
	['stage_id', 'Won', /the id of a record/],
	['stage_id', -1, /the id of a record/],
	['active', 'yes', /true or false/],
	['date', '31/12/2026', /a date as YYYY-MM-DD/],
	['date', '2026-02-30', /a date as YYYY-MM-DD/],
	['date', 'tomorrow', /a date as YYYY-MM-DD/],
	['date_deadline', '2027-01-15 25:00', /a date as YYYY-MM-DD \(or YYYY-MM-DD HH:MM:SS\)/],
	['date_deadline', '2027-13-01', /a date as YYYY-MM-DD/],
])('%s %j is __BAD_ARGUMENT__ naming the field and the form', (field, value, form) =>
	expect(typed(field, value)).toEqual({
		success: false,
		error: '__BAD_ARGUMENT__',
		retry: 'change_arguments',
		hint: expect.stringMatching(new RegExp(`is not a value for ${field} \\(${FIELDS[field].type}\\): send ${form.source}`)),
	}),
);

test('a field the model lacks is __BAD_ARGUMENT__, also one named like an object property', () => {
	for (const field of ['colour', 'constructor', '__proto__']) {
		expect(answerOf(typedValues('crm.lead', JSON.parse(`{"${field}": "x"}`) as Record<string, unknown>, FIELDS))).toMatchObject({
			error: '__BAD_ARGUMENT__',
			retry: 'change_arguments',
			hint: `Odoo's crm.lead has no field "${field}". Use a field the tool's description names.`,
		});
	}
});

test('several values are each converted; the first bad one refuses them all', () => {
	expect(answerOf(typedValues('crm.lead', { name: 'x', probability: '10', active: 'true' }, FIELDS))).toEqual({ name: 'x', probability: 10, active: true });
	expect(answerOf(typedValues('crm.lead', { name: 'x', probability: 'ten' }, FIELDS))).toMatchObject({ error: '__BAD_ARGUMENT__' });
});
