/** The check-odoo report's summary of each cause. */
import type { OdooCheckReport, OdooProblem } from '../../../../generator/odoo/checkSchema';
import { formatReport } from '../../../../generator/odoo/report';

const report = (problems: OdooProblem[], tools: string[]): OdooCheckReport => ({
	ok: problems.length === 0,
	url: 'http://odoo',
	db: 'prod',
	protocol: 'json2',
	uid: 2,
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
	['a refused request only', [problem('c', 'refused-request')], ['1 of 3 Odoo tools send a request this Odoo refuses']],
	[
		'each cause on its own line',
		[problem('a', 'wrong-type'), problem('a', 'no-access'), problem('b', 'refused-request')],
		['1 of 3 Odoo tools do not match this Odoo', '1 of 3 Odoo tools lack a right the user does not have', '1 of 3 Odoo tools send a request this Odoo refuses'],
	],
])('summary with %s', (_label, problems, lines) => {
	const text = formatReport(report(problems as OdooProblem[], ['a', 'b', 'c']), 'text').trimEnd().split('\n');
	expect(text.slice(text.length - lines.length)).toEqual(lines);
	expect(text[0]).toBe('Odoo at http://odoo (JSON-2), database "prod", the API key\'s user (uid 2)');
});
