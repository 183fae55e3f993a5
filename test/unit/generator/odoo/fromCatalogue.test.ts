/** What each catalogue construct asks of Odoo: fields, accepted types, relations, rights, records. */
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, GATEWAY_TOOLS, ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { requirementsFromCatalogue } from '../../../../generator/odoo/fromCatalogue';

const tool = (target: Record<string, unknown>, parameters: ToolSpec['parameters']): ToolSpec =>
	({ name: 't', description: 'd', sensitive: false, readOnly: false, target: { kind: 'odoo', model: 'm.m', ...target }, parameters }) as ToolSpec;
const p = (key: string, type: 'string' | 'number' | 'boolean' | 'json') => ({ key, type, description: key, required: true });

test.each([
	['ilike filter: text fields only', { operation: 'getAll', filters: [{ field: 'name', operator: 'ilike', param: 'q' }] }, [p('q', 'string')], 'name', ['char', 'text', 'html', 'selection']],
	['in filter: any type', { operation: 'getAll', filters: [{ field: 'tag_ids', operator: 'in', param: 'ids' }] }, [p('ids', 'number')], 'tag_ids', []],
	['comparison with false: any type', { operation: 'getAll', filters: [{ field: 'project_id', operator: 'notEqual', value: false }] }, [], 'project_id', []],
	['number filter also matches x2many membership', { operation: 'getAll', filters: [{ field: 'user_ids', operator: 'equal', param: 'u' }] }, [p('u', 'number')], 'user_ids', ['integer', 'float', 'monetary', 'many2one', 'many2many', 'one2many']],
	['boolean write', { operation: 'update', writes: [{ field: 'active', param: 'a' }] }, [p('a', 'boolean')], 'active', ['boolean']],
	['number write: numbers and many2one, not x2many', { operation: 'create', writes: [{ field: 'stage_id', param: 's' }] }, [p('s', 'number')], 'stage_id', ['integer', 'float', 'monetary', 'many2one']],
	['string literal write', { operation: 'create', writes: [{ field: 'type', value: 'opportunity' }] }, [], 'type', ['char', 'text', 'html', 'selection', 'date', 'datetime', 'integer', 'float', 'monetary']],
	['json write: any type', { operation: 'create', writes: [{ field: 'tag_ids', param: 'j' }] }, [p('j', 'json')], 'tag_ids', []],
	['read-back field: any type', { operation: 'getAll', fieldsList: ['write_date'] }, [], 'write_date', []],
	['dotted path: its first hop', { operation: 'getAll', filters: [{ field: 'project_id.name', operator: 'ilike', param: 'q' }] }, [p('q', 'string')], 'project_id', ['char', 'text', 'html', 'selection']],
])('%s', (_label, target, parameters, field, types) => {
	const { fields } = requirementsFromCatalogue([tool(target, parameters as ToolSpec['parameters'])]);
	expect(fields).toEqual([expect.objectContaining({ tool: 't', model: 'm.m', field, types })]);
});

test('a field filtered and read back keeps the filter constraint', () => {
	const spec = tool({ operation: 'getAll', fieldsList: ['name'], filters: [{ field: 'name', operator: 'ilike', param: 'q' }] }, [p('q', 'string')]);
	expect(requirementsFromCatalogue([spec]).fields).toEqual([
		{ tool: 't', model: 'm.m', field: 'name', types: ['char', 'text', 'html', 'selection'] },
	]);
});

test('a many2one id the agent passes must point at the expected model', () => {
	const spec = tool({ operation: 'create', writes: [{ field: 'project_id', param: 'p' }] }, [p('p', 'number')]);
	expect(requirementsFromCatalogue([spec]).fields[0].relation).toBe('project.project');
});

test('rights follow the operation, and the config employee is a record requirement', () => {
	const requirements = requirementsFromCatalogue(CATALOGUE, { employeeId: 4 });
	const access = Object.fromEntries((requirements.access ?? []).map((a) => [a.tool, `${a.mode} ${a.model}`]));
	expect(access).toMatchObject({
		odoo_list_projects: 'read project.project',
		odoo_create_task: 'create project.task',
		crm_move_stage: 'write crm.lead',
		timesheet_delete: 'unlink account.analytic.line',
	});
	expect(Object.keys(access)).toHaveLength(ODOO_TOOLS.length);
	expect(requirements.records).toEqual([
		{ tool: 'timesheet_log_hours', model: 'hr.employee', id: 4, source: 'config employeeId' },
	]);
	expect(requirementsFromCatalogue(CATALOGUE).records).toEqual([]);
});

test('gateway tools ask nothing of Odoo', () => {
	const gateways = CATALOGUE.filter((t) => t.target.kind === 'gateway');
	expect(gateways).toEqual(GATEWAY_TOOLS);
	expect(requirementsFromCatalogue(gateways)).toEqual({ models: [], fields: [], records: [], access: [] });
});
