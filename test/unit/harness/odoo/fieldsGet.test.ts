/**
 * The stand-in's models hold to the field definitions of a real Odoo 18.0: for every field it
 * models, `fields_get` recorded from that server (test/fixtures/odoo-18/fields_get.json) gives
 * the same type, required and readonly flags, relation and selection.
 *
 * Real: the recorded `fields_get`. Stand-in: the model specs of test/harness/odoo/models.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MODELS, type ModelSpec } from '../../../harness/odoo/models';

type Recorded = Record<string, Record<string, { type: string; required: boolean; readonly: boolean; relation?: string; selection?: Array<[string, string]> }>>;

const RECORDED: Recorded = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/odoo-18/fields_get.json'), 'utf8')) as Recorded;

/** Models the stand-in has that the recording does not: the catalogue reads them only through a relation. */
const NOT_RECORDED: Readonly<Record<string, string>> = {
	'res.users': 'users appear only as the many2one/many2many targets of user_id and user_ids',
	'res.country': "countries appear only as a contact's country_id",
	'project.tags': "tags appear only as a task's tag_ids",
};

/** Every way a modelled field differs from the recorded definition, as `model.field: what`. */
function differences(models: Readonly<Record<string, ModelSpec>>, recorded: Recorded): string[] {
	const found: string[] = [];
	for (const [model, spec] of Object.entries(models)) {
		const fields = recorded[model];
		if (!fields) {
			if (!(model in NOT_RECORDED)) found.push(`${model}: not in the recording`);
			continue;
		}
		for (const [name, field] of Object.entries(spec.fields)) {
			const real = fields[name];
			if (!real) {
				found.push(`${model}.${name}: no such field in Odoo 18`);
				continue;
			}
			const compare = (what: string, mine: unknown, theirs: unknown) => {
				if (JSON.stringify(mine) !== JSON.stringify(theirs)) found.push(`${model}.${name}: ${what} ${JSON.stringify(mine)}, Odoo 18 says ${JSON.stringify(theirs)}`);
			};
			compare('type', field.type, real.type);
			compare('required', !!field.required, real.required);
			compare('readonly', !!field.readonly, real.readonly);
			compare('relation', field.relation, real.relation);
			compare('selection', field.selection, real.selection);
		}
	}
	return found;
}

it('every modelled field of the 8 recorded models matches Odoo 18', () => {
	expect(differences(MODELS, RECORDED)).toEqual([]);
});

it('models every one of the 8 models the recording holds', () => {
	expect(Object.keys(RECORDED).filter((model) => !(model in MODELS))).toEqual([]);
});

describe('the comparison finds a stand-in that drifts', () => {
	const task = MODELS['project.task'];
	const drifted: Array<[string, Partial<ModelSpec['fields'][string]>, RegExp]> = [
		['a date where Odoo 18 has a datetime', { type: 'date' }, /date_deadline: type "date", Odoo 18 says "datetime"/],
		['a required flag Odoo does not set', { required: true }, /date_deadline: required true, Odoo 18 says false/],
		['a readonly flag Odoo does not set', { readonly: true }, /date_deadline: readonly true, Odoo 18 says false/],
		['a relation Odoo does not have', { relation: 'res.partner' }, /date_deadline: relation "res.partner", Odoo 18 says undefined/],
	];
	it.each(drifted)('%s', (_label, change, message) => {
		const models = { 'project.task': { ...task, fields: { ...task.fields, date_deadline: { ...task.fields.date_deadline, ...change } } } };
		expect(differences(models, RECORDED).join('\n')).toMatch(message);
	});
	it('a field Odoo 18 does not have', () => {
		const models = { 'project.task': { ...task, fields: { ...task.fields, colour: { type: 'char' as const, string: 'Colour' } } } };
		expect(differences(models, RECORDED)).toEqual(['project.task.colour: no such field in Odoo 18']);
	});
	it('a selection with other keys', () => {
		const models = { 'project.task': { ...task, fields: { ...task.fields, priority: { ...task.fields.priority, selection: [['0', 'Low'] as [string, string]] } } } };
		expect(differences(models, RECORDED).join('\n')).toMatch(/priority: selection/);
	});
	it('a model the recording lacks and no reason names', () => {
		expect(differences({ 'x.model': { recName: 'name', order: 'id', fields: {} } }, RECORDED)).toEqual(['x.model: not in the recording']);
	});
});
