/** Catalogue validation: the real catalogue passes; each kind of bad spec is refused with a reason. */
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { readsOnly, validateCatalogue } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { ARTICLE_TOOLS } from '../fixtures';

const good: ToolSpec = {
	name: 'vault_read',
	description: 'Reads a note.',
	sensitive: false,
	readOnly: true,
	target: { kind: 'gateway', gateway: 'vault', inputs: [{ input: 'vaultAction', value: 'read' }, { input: 'vaultQuery', param: 'path' }] },
	parameters: [{ key: 'path', type: 'string', description: 'Path of the note', required: true }],
};

/** Bad inputs are built by mutating a loosely typed copy, which is the point of the table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** Deep copy of `good` changed by `edit`. */
function variant(edit: (t: Loose) => void): unknown {
	const copy = JSON.parse(JSON.stringify(good)) as Loose;
	edit(copy);
	return copy;
}

describe('catalogue', () => {
	it('holds the default tools, in order, with the three sensitive ones', () => {
		expect(CATALOGUE.map((t) => t.name)).toEqual(ARTICLE_TOOLS);
		expect(CATALOGUE.filter((t) => t.sensitive).map((t) => t.name)).toEqual(['crm_delete_lead', 'timesheet_delete', 'docker_manage']);
	});

	it('forces type=opportunity on crm_create_lead and takes field+value on update-one-field tools', () => {
		const lead = CATALOGUE.find((t) => t.name === 'crm_create_lead')!;
		expect(lead.target.kind === 'odoo' && lead.target.writes).toContainEqual({ field: 'type', value: 'opportunity' });
		for (const name of ['odoo_update_project', 'odoo_update_task', 'odoo_update_contact', 'crm_update_lead', 'timesheet_update']) {
			const t = CATALOGUE.find((x) => x.name === name)!;
			expect(t.target.kind === 'odoo' && t.target.fieldChoice?.allowed.length).toBeGreaterThan(0);
		}
	});

	it('accepts the reference spec', () => expect(validateCatalogue([good])).toHaveLength(1));

	const bad: Array<[string, unknown, RegExp]> = [
		['optional parameter without default', variant((t) => (t.parameters[0].required = false)), /needs a default/],
		['required parameter with default', variant((t) => (t.parameters[0].default = 'x')), /must not have a default/],
		['default of the wrong type', variant((t) => Object.assign(t.parameters[0], { required: false, default: 3 })), /must be a string/],
		['camelCase key', variant((t) => (t.parameters[0].key = 'basePath')), /snake_case/],
		['parameter unused by the target', variant((t) => t.parameters.push({ key: 'x', type: 'string', description: 'X', required: true })), /not used by the target/],
		['target uses an undeclared parameter', variant((t) => (t.target.inputs[1].param = 'other')), /undeclared parameter "other"/],
		['unknown gateway input', variant((t) => (t.target.inputs[0].input = 'vaultMode')), /no input "vaultMode"/],
		['input with both param and value', variant((t) => (t.target.inputs[0].param = 'path')), /exactly one of param or value/],
		['sensitive tool that does not say so', variant((t) => (t.sensitive = true)), /say so in its description/],
		['tool name with a space', variant((t) => (t.name = 'vault read')), /name/],
		['no parameters', variant((t) => (t.parameters = [])), /parameters/],
		['quote in a description', variant((t) => (t.parameters[0].description = "the note's path")), /no quotes/],
		['unknown key in a spec', variant((t) => (t.extra = true)), /Unrecognized key/],
		['unknown parameter type', variant((t) => (t.parameters[0].type = 'date')), /type/],
		['bad Odoo operation', variant((t) => (t.target = { kind: 'odoo', model: 'res.partner', operation: 'search', recordIdParam: 'path' })), /operation/],
	];
	it.each(bad)('refuses a spec with %s', (_label, spec, message) => {
		expect(() => validateCatalogue([spec])).toThrow(message);
	});

	// Whether `readOnly: true` may stand: the operations the tool can run against those that only read.
	const readOnlyCases: Array<[string, boolean, (t: Loose) => void]> = [
		['a vault read', true, () => undefined],
		['a vault write', false, (t) => (t.target.inputs[0].value = 'write')],
		['an Odoo getAll', true, (t) => (t.target = { kind: 'odoo', model: 'res.partner', operation: 'getAll', limitParam: 'path' })],
		['an Odoo get', true, (t) => (t.target = { kind: 'odoo', model: 'res.partner', operation: 'get', recordIdParam: 'path' })],
		['an Odoo update', false, (t) => (t.target = { kind: 'odoo', model: 'res.partner', operation: 'update', recordIdParam: 'path' })],
		['an Odoo create', false, (t) => (t.target = { kind: 'odoo', model: 'res.partner', operation: 'create', writes: [{ field: 'name', param: 'path' }] })],
		['Docker limited to status and logs', true, (t) => (t.target = { kind: 'gateway', gateway: 'docker', inputs: [{ input: 'dockerStack', param: 'path' }, { input: 'dockerAction', value: 'status', allowed: undefined }] })],
		['Docker with an allow-list of reads', true, (t) => Object.assign(t, { target: { kind: 'gateway', gateway: 'docker', inputs: [{ input: 'dockerStack', value: 'blog' }, { input: 'dockerAction', param: 'path', allowed: ['status', 'logs'] }] } })],
		['Docker with restart on the allow-list', false, (t) => Object.assign(t, { target: { kind: 'gateway', gateway: 'docker', inputs: [{ input: 'dockerStack', value: 'blog' }, { input: 'dockerAction', param: 'path', allowed: ['status', 'restart'] }] } })],
		['Docker with any action the agent picks', false, (t) => Object.assign(t, { target: { kind: 'gateway', gateway: 'docker', inputs: [{ input: 'dockerStack', value: 'blog' }, { input: 'dockerAction', param: 'path' }] } })],
		['the content pipeline', false, (t) => (t.target = { kind: 'gateway', gateway: 'content', inputs: [{ input: 'text', param: 'path' }] })],
		['a Prometheus query', true, (t) => (t.target = { kind: 'gateway', gateway: 'monitoring', inputs: [{ input: 'mode', value: 'query' }, { input: 'promql', param: 'path' }] })],
	];
	it.each(readOnlyCases)('readOnly: true on %s is accepted: %s', (_label, accepted, edit) => {
		const spec = variant(edit);
		if (accepted) expect(validateCatalogue([spec])).toHaveLength(1);
		else expect(() => validateCatalogue([spec])).toThrow(/declared readOnly, but its \w+ operation '\w+'.* changes things: set readOnly: false/);
		// readOnly: false is always allowed: a tool that only reads may still be asked about.
		expect(validateCatalogue([{ ...(spec as Loose), readOnly: false }])).toHaveLength(1);
	});

	it('the default catalogue declares every tool that only reads, and no other, readOnly', () => {
		expect(CATALOGUE.filter((t) => t.readOnly).map((t) => t.name).sort()).toEqual(CATALOGUE.filter((t) => readsOnly(t.target)).map((t) => t.name).sort());
		expect(CATALOGUE.filter((t) => !t.readOnly).map((t) => t.name)).toEqual([
			'odoo_create_project', 'odoo_update_project', 'odoo_archive_project', 'odoo_move_task_stage', 'odoo_create_task', 'odoo_update_task',
			'odoo_create_contact', 'odoo_update_contact',
			'crm_create_lead', 'crm_update_lead', 'crm_move_stage', 'crm_delete_lead',
			'timesheet_log_hours', 'timesheet_update', 'timesheet_delete',
			'vault_write', 'docker_manage', 'content_generate',
		]);
	});

	it('refuses two tools with the same name', () => {
		expect(() => validateCatalogue([good, good])).toThrow(/duplicate tool name/);
	});
});
