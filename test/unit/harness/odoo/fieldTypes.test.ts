/**
 * The stock Odoo 18 field types the tests' Odoo stand-in and samples use are the ones a real
 * Odoo 18 reports (`fields_get` recorded in test/fixtures/odoo-18), and cover every field an
 * agent may choose at call time (`fieldChoice`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ODOO_FIELD_TYPES } from '../../../harness/odoo/fieldTypes';
import type { OdooTarget } from '../../../../generator/toolSpec/schema';
import { ODOO_TOOLS } from '../../../helpers/defaultCatalogue';

const RECORDED = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/odoo-18/fields_get.json'), 'utf8')) as Record<string, Record<string, { type: string }>>;

const fieldChoiceTools = ODOO_TOOLS.filter((tool) => (tool.target as OdooTarget).fieldChoice);
const cases = fieldChoiceTools.flatMap((tool) => {
	const target = tool.target as OdooTarget;
	return target.fieldChoice!.allowed.map((field) => [tool.name, target.model, field] as const);
});

it('the default catalogue has field-choice tools to check', () => {
	expect(fieldChoiceTools.map((t) => t.name)).toEqual(expect.arrayContaining(['crm_update_lead', 'timesheet_update']));
});

it.each(cases)('%s may write %s.%s: the table has its type, the one Odoo 18 reports', (_tool, model, field) => {
	const type = ODOO_FIELD_TYPES[model]?.[field];
	expect(type).toBeDefined();
	expect(type).toBe(RECORDED[model][field].type);
});

it('the type table matches Odoo 18 for every field it lists', () => {
	const wrong = Object.entries(ODOO_FIELD_TYPES).flatMap(([model, fields]) =>
		Object.entries(fields).filter(([field, type]) => RECORDED[model]?.[field]?.type !== type).map(([field]) => `${model}.${field}`),
	);
	expect(wrong).toEqual([]);
});
