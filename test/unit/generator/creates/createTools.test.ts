/**
 * Which tools create once (their plan, generator/plan/): a tool whose operation makes a record each call,
 * run inside a workflow that can keep the record (the Hermes Odoo node, a gateway's sub-workflow),
 * and not gated. Each is a toolWorkflow calling its own create-once workflow.
 */
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { ConfigError } from '../../../../generator/config';
import { DUPLICATE_PARAM } from '../../../../generator/creates/answers';
import { DUPLICATE_SPEC, onceInputs, onceToolParameters, onceWorkflowFileName, onceWorkflowName } from '../../../../generator/creates/createTools';
import { AGENT_ARGUMENT_INPUTS } from '../../../../generator/contracts';
import { subWorkflowInputNames } from '../../../../generator/builders/gatewayParams';
import { collectFromAiCalls } from '../../../../generator/fromAi';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, DEFAULT_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { createPlans, planOf } from '../../../helpers/plans';

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const spec = (name: string): ToolSpec => {
	const found = CATALOGUE.find((t) => t.name === name);
	if (!found) throw new Error(`no tool ${name}`);
	return found;
};
const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
/** The config with approvals on exactly these tools (none: no approvals). */
const gating = (cfg: HermesConfig, gated: string[]): HermesConfig => (gated.length > 0 ? config({ ...cfg, approvals: { tools: gated, channel: EMAIL, publicUrl: 'https://x.example' } }) : cfg);
const createTools = (catalogue: ToolSpec[], cfg: HermesConfig, gated: string[]) => createPlans(catalogue, gating(cfg, gated)).map((p) => p.tool);
const creates = (tool: ToolSpec, cfg: HermesConfig, gated: string[] = []) => createTools(CATALOGUE.map((t) => (t.name === tool.name ? tool : t)), cfg, gated).map((t) => t.name).includes(tool.name);

describe('createTools: which tools create once', () => {
	it.each<[string, string, Record<string, unknown>, string[], boolean]>([
		['an Odoo create', 'crm_create_lead', {}, [], true],
		['another Odoo create', 'odoo_create_task', {}, [], true],
		['an Odoo create with direct gateways', 'timesheet_log_hours', { gatewayMode: 'direct' }, [], true],
		['a gated Odoo create: its approval runs once', 'crm_create_lead', {}, ['crm_create_lead'], false],
		['an Odoo create, another tool gated', 'crm_create_lead', {}, ['crm_delete_lead'], true],
		['the content gateway\'s prepare, gatewayMode subworkflow', 'content_generate', { gatewayMode: 'subworkflow' }, [], true],
		['the content gateway\'s prepare, gatewayMode direct (a hand-off keeps its sub-workflow)', 'content_generate', { gatewayMode: 'direct' }, [], true],
		['an Odoo read (list)', 'crm_list_leads', {}, [], false],
		['an Odoo read (get)', 'odoo_get_task', {}, [], false],
		['an Odoo update', 'crm_update_lead', {}, [], false],
		['an Odoo update of one field', 'odoo_update_project', {}, [], false],
		['an Odoo delete', 'crm_delete_lead', {}, [], false],
		['an Odoo archive', 'odoo_archive_project', {}, [], false],
		['a timesheet update', 'timesheet_update', {}, [], false],
		['a vault write (changes, creates no record)', 'vault_write', {}, [], false],
		['a vault read', 'vault_read', {}, [], false],
		['a docker action', 'docker_manage', {}, [], false],
		['a Prometheus query', 'monitoring_query', {}, [], false],
	])('%s: %s creates once: %s', (_label, tool, overrides, gated, expected) => {
		expect(creates(spec(tool), config(overrides), gated)).toBe(expected);
	});

	it('the default catalogue: exactly the pinned create tools, in catalogue order', () => {
		expect(createTools(CATALOGUE, config(), []).map((t) => t.name)).toEqual(DEFAULT_CREATE_TOOLS);
	});

	it('a create tool with its own `duplicate` parameter: a ConfigError naming it', () => {
		const own = { key: DUPLICATE_PARAM, type: 'boolean' as const, description: 'its own', required: false, default: false };
		const clashing = { ...spec('crm_create_lead'), parameters: [...spec('crm_create_lead').parameters, own] };
		const run = () => createTools([...CATALOGUE.filter((t) => t.name !== 'crm_create_lead'), clashing], config(), []);
		expect(run).toThrow(ConfigError);
		expect(run).toThrow(new RegExp(`"${DUPLICATE_PARAM}"[\\s\\S]*crm_create_lead`));
		// The same tool where it is not wrapped (gated): nothing clashes.
		expect(createTools([clashing], config(), ['crm_create_lead']).map((t) => t.name)).toEqual([]);
	});

	it('a tool that creates nothing may have a `duplicate` parameter', () => {
		const own = { key: DUPLICATE_PARAM, type: 'string' as const, description: 'its own', required: false, default: '' };
		const reading = { ...spec('crm_list_leads'), parameters: [...spec('crm_list_leads').parameters, own] };
		expect(createTools([reading], config(), [])).toEqual([]);
	});
});

describe('names and what the toolWorkflow sends', () => {
	it('the create-once workflow and its file are named after the tool and the config prefix', () => {
		expect(onceWorkflowName('crm_create_lead', config())).toBe(`${config().creates.workflowPrefix}crm_create_lead`);
		expect(onceWorkflowName('crm_create_lead', config({ creates: { workflowPrefix: 'Ops Create - ' } }))).toBe('Ops Create - crm_create_lead');
		expect(onceWorkflowFileName('crm_create_lead')).toBe('hermes-create-crm-create-lead.json');
	});

	it.each(DEFAULT_CREATE_TOOLS)('%s: the toolWorkflow sends what the create-once trigger takes, `duplicate` a boolean $fromAI call defaulting to false', (name) => {
		const cfg = config();
		const tool = spec(name);
		const parameters = onceToolParameters(planOf(tool, cfg), cfg) as { workflowId: { cachedResultName: string }; workflowInputs: { value: Record<string, string>; schema: Array<{ id: string; type: string }> } };
		expect(parameters.workflowId.cachedResultName).toBe(onceWorkflowName(name, cfg));
		const inputs = onceInputs(planOf(tool, cfg));
		expect(parameters.workflowInputs.schema.map((c) => [c.id, c.type])).toEqual(inputs.map((i) => [i.name, i.type]));
		expect(Object.keys(parameters.workflowInputs.value)).toEqual(inputs.map((i) => i.name));
		expect(inputs.filter((i) => i.name === DUPLICATE_PARAM)).toEqual([{ name: DUPLICATE_PARAM, type: 'boolean' }]);
		// A gateway tool sends its gateway's inputs, an Odoo tool its parameters and the raw call.
		const own = tool.target.kind === 'gateway' ? subWorkflowInputNames(tool.target.gateway) : [...tool.parameters.map((p) => p.key), ...AGENT_ARGUMENT_INPUTS];
		expect(inputs.map((i) => i.name).filter((n) => n !== DUPLICATE_PARAM).sort()).toEqual([...own].sort());
		const calls = collectFromAiCalls(parameters.workflowInputs.value[DUPLICATE_PARAM]);
		expect(calls).toEqual([expect.objectContaining({ key: DUPLICATE_PARAM, type: 'boolean', description: DUPLICATE_SPEC.description, defaultValue: false })]);
		// The node's argument check accepts `duplicate`.
		expect(parameters.workflowInputs.value.accepted_arguments.split(', ').sort()).toEqual([...tool.parameters.map((p) => p.key), DUPLICATE_PARAM].sort());
	});
});
