/** Which written values check-odoo reports against the field types Odoo declares, and the report's summary of each cause. */
import { valueProblem, type OdooCheckMode, type OdooCheckReport, type OdooProblem } from '../../../../generator/odoo/checkSchema';
import type { OdooFieldRequirement, OdooWrittenValue } from '../../../../generator/odoo/requirements';
import { formatReport } from '../../../../generator/odoo/report';

const need = (write?: OdooWrittenValue): OdooFieldRequirement => ({ tool: 't', model: 'm.m', field: 'f', types: [], ...(write ? { write } : {}) });
const text = { sends: 'text', param: 'p' } as const;

test.each<[string, OdooWrittenValue | undefined, string, OdooCheckMode, string | undefined]>([
	['text to a float', text, 'float', 'native', 'number'],
	['text to a monetary', text, 'monetary', 'native', 'number'],
	['text to an integer', text, 'integer', 'native', 'number'],
	['text to a many2one id', text, 'many2one', 'native', 'number'],
	['text to a boolean', text, 'boolean', 'native', 'boolean'],
	['a number to a boolean', { sends: 'number', param: 'p' }, 'boolean', 'native', 'boolean'],
	['a boolean to a float', { sends: 'boolean', param: 'p' }, 'float', 'native', 'number'],
	['a chosen field typed as text by the stock table, now a float', { sends: 'text', param: 'value', chosen: true }, 'float', 'native', 'number'],
	['text to a char', text, 'char', 'native', undefined],
	['text to an html', text, 'html', 'native', undefined],
	['text to a selection', text, 'selection', 'native', undefined],
	['text to a date (Odoo parses it)', text, 'date', 'native', undefined],
	['text to a datetime (Odoo parses it)', text, 'datetime', 'native', undefined],
	['a number to a float', { sends: 'number', param: 'p' }, 'float', 'native', undefined],
	['a number to a many2one', { sends: 'number', param: 'p' }, 'many2one', 'native', undefined],
	['a boolean to a boolean', { sends: 'boolean', param: 'p' }, 'boolean', 'native', undefined],
	['a chosen float field the stock table types', { sends: 'number', param: 'value', chosen: true }, 'float', 'native', undefined],
	['a field of a type the table does not know', text, 'properties', 'native', undefined],
	['a field only read or filtered', undefined, 'float', 'native', undefined],
	['text to a float in hermes mode (typed at call time)', text, 'float', 'hermes', undefined],
	['text to a boolean in hermes mode', text, 'boolean', 'hermes', undefined],
])('%s', (_label, write, type, mode, expected) => {
	const problem = valueProblem(need(write), type, mode);
	expect(problem?.expected).toEqual(expected === undefined ? undefined : [expected]);
	if (problem) {
		expect(problem).toMatchObject({ kind: 'text-value', tool: 't', model: 'm.m', field: 'f', actual: write?.sends });
		expect(problem.message).toContain(`field m.m.f is ${type}`);
		expect(problem.fix).toMatch(/^use odooMode: 'hermes'/);
	}
});

test.each([
	['a plain write: hermes mode or a typed parameter', text, `use odooMode: 'hermes', or make parameter "p" of type number`],
	['a chosen field: hermes mode only', { sends: 'text', param: 'value', chosen: true } as const, /^use odooMode: 'hermes' \(the Hermes Odoo node types the chosen field's value/],
])('the fix for %s', (_label, write, fix) => {
	expect(valueProblem(need(write), 'float', 'native')?.fix).toEqual(typeof fix === 'string' ? fix : expect.stringMatching(fix));
});

const report = (problems: OdooProblem[], tools: string[]): OdooCheckReport => ({
	ok: problems.length === 0,
	url: 'http://odoo',
	db: 'prod',
	protocol: 'json2',
	uid: 2,
	odooMode: 'native',
	models: [],
	tools: tools.map((tool) => ({ tool, ok: !problems.some((p) => p.tool === tool) })),
	problems,
	missingModules: [],
	notes: [],
});
const problem = (tool: string, kind: OdooProblem['kind']): OdooProblem => ({ tool, kind, model: 'm.m', message: kind });

test.each([
	['no problem', [], ['OK: all 3 Odoo tools find their models and fields']],
	['a missing field', [problem('a', 'missing-field')], ['1 of 3 Odoo tools do not match this Odoo']],
	['rights only', [problem('a', 'no-access'), problem('b', 'no-access')], ['2 of 3 Odoo tools lack a right the user does not have']],
	['a value only', [problem('c', 'text-value')], ['1 of 3 Odoo tools write a value of another type than the field']],
	[
		'each cause on its own line',
		[problem('a', 'wrong-type'), problem('a', 'no-access'), problem('b', 'text-value')],
		['1 of 3 Odoo tools do not match this Odoo', '1 of 3 Odoo tools lack a right the user does not have', '1 of 3 Odoo tools write a value of another type than the field'],
	],
])('summary with %s', (_label, problems, lines) => {
	const text = formatReport(report(problems as OdooProblem[], ['a', 'b', 'c']), 'text').trimEnd().split('\n');
	expect(text.slice(text.length - lines.length)).toEqual(lines);
	expect(text[0]).toBe('Odoo at http://odoo (JSON-2), database "prod", the API key\'s user (uid 2)');
});
