/**
 * Every value an Odoo tool writes reaches Odoo with its field's type, also where the agent
 * chooses the field at call time (`fieldChoice`) and sends the value as text. The generated
 * `fieldsToSend` expression of each such tool is evaluated for every allowed field, as n8n
 * evaluates it with `$fromAI` answering from the tool call's arguments. The field types are
 * held to `fields_get` recorded from a real Odoo 18 (test/fixtures/odoo-18).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { WorkflowNode } from '../../../../generator/builders';
import { ODOO_FIELD_TYPES, valueConversion } from '../../../../generator/odoo/fieldTypes';
import type { OdooTarget } from '../../../../generator/toolSpec/schema';
import { ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { generated, nativeConfig } from '../fixtures';

const RECORDED = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/odoo-18/fields_get.json'), 'utf8')) as Record<string, Record<string, { type: string }>>;

// The native Odoo tools compute their values in expressions; the Hermes Odoo node types them itself.
const { main } = generated(undefined, nativeConfig());
const node = (name: string): WorkflowNode => main.nodes.find((n) => n.name === name)!;

function evaluate(parameter: unknown, args: Record<string, unknown>): unknown {
	const match = /^=\{\{ ([\s\S]*) \}\}$/.exec(String(parameter));
	if (!match) return parameter;
	const fromAi = (key: string, _d?: string, _t?: string, fallback?: unknown) => (key in args ? args[key] : fallback);
	return new Function('$fromAI', `return (${match[1]});`)(fromAi);
}

/** A text the agent may send for a field of each type, and what Odoo must receive. */
const SAMPLES: Record<string, { sent: string; received: unknown }> = {
	char: { sent: 'Ada 55', received: 'Ada 55' },
	text: { sent: 'two lines\nof text', received: 'two lines\nof text' },
	html: { sent: 'Now wants <b>40</b> seats', received: 'Now wants <b>40</b> seats' },
	selection: { sent: 'opportunity', received: 'opportunity' },
	date: { sent: '2027-01-15', received: '2027-01-15' },
	datetime: { sent: '2027-01-15', received: '2027-01-15' },
	float: { sent: '55.5', received: 55.5 },
	monetary: { sent: ' 20000 ', received: 20000 },
	integer: { sent: '3', received: 3 },
	many2one: { sent: '7', received: 7 },
	boolean: { sent: 'true', received: true },
};

const fieldChoiceTools = ODOO_TOOLS.filter((tool) => (tool.target as OdooTarget).fieldChoice);
const cases = fieldChoiceTools.flatMap((tool) => {
	const target = tool.target as OdooTarget;
	return target.fieldChoice!.allowed.map((field) => [tool.name, target.model, field, target.fieldChoice!] as const);
});

it('the default catalogue has field-choice tools to check', () => {
	expect(fieldChoiceTools.map((t) => t.name)).toEqual(expect.arrayContaining(['crm_update_lead', 'timesheet_update']));
});

describe.each(cases)('%s writes %s.%s', (tool, model, field, choice) => {
	const type = ODOO_FIELD_TYPES[model]?.[field];

	it('with a type the table knows, the one Odoo 18 reports', () => {
		expect(type).toBeDefined();
		expect(type).toBe(RECORDED[model][field].type);
	});

	it('as a value of that type', () => {
		const sample = SAMPLES[type!];
		const vals = evaluate((node(tool).parameters.fieldsToSend as { value: unknown }).value, { [choice.fieldParam]: field, [choice.valueParam]: sample.sent });
		expect(vals).toEqual({ [field]: sample.received });
	});

	if (valueConversion(model, field) === 'number') {
		it('and text that is no number goes on unchanged, for Odoo to refuse (never a silent 0)', () => {
			for (const sent of ['lots', '', '12 apples', 'Infinity']) {
				const vals = evaluate((node(tool).parameters.fieldsToSend as { value: unknown }).value, { [choice.fieldParam]: field, [choice.valueParam]: sent });
				expect(vals).toEqual({ [field]: sent });
			}
		});
	}
});

it('a field outside the list is still refused, whatever its type would be', () => {
	const target = node('crm_update_lead').parameters.fieldsToSend as { value: unknown };
	expect(evaluate(target.value, { field: 'user_id', value: '1' })).toEqual({ refused_field_user_id: '1' });
});

it('the type table matches Odoo 18 for every field it lists', () => {
	const wrong = Object.entries(ODOO_FIELD_TYPES).flatMap(([model, fields]) =>
		Object.entries(fields).filter(([field, type]) => RECORDED[model]?.[field]?.type !== type).map(([field]) => `${model}.${field}`),
	);
	expect(wrong).toEqual([]);
});

it('a field the table does not know keeps its text', () => {
	expect(valueConversion('crm.lead', 'x_custom_score')).toBe('text');
	expect(valueConversion('x.model', 'name')).toBe('text');
});
