/**
 * Each tool's plan (generator/plan/): decided once from the catalogue and the config, read by
 * every stage. A table of tools under configs, each field true and false.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, HAND_OFF_GATEWAYS, HERMES_ODOO } from '../../../../generator/contracts';
import { ConfigError, defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { APPROVAL_ID_PARAM } from '../../../../generator/approvals/gatedTools';
import { DUPLICATE_PARAM, everyGatewayInSubWorkflow, planTools, subWorkflowGateways, type ToolPlan } from '../../../../generator/plan';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const approvals = (tools?: string[]) => ({ approvals: { ...(tools ? { tools } : {}), channel: EMAIL, publicUrl: 'https://x.example' } });
const CONFIGS: Record<string, HermesConfig> = {
	default: config(),
	direct: config({ gatewayMode: 'direct', employeeId: 7 }),
	sensitiveGated: config(approvals()),
	createGated: config(approvals(['crm_create_lead', 'vault_write'])),
	directGated: config({ gatewayMode: 'direct', ...approvals(['docker_manage', 'crm_update_lead']) }),
};
const spec = (name: string): ToolSpec => CATALOGUE.find((t) => t.name === name)!;
const planOf = (name: string, cfg: string): ToolPlan => planTools(CATALOGUE, CONFIGS[cfg]).find((p) => p.tool.name === name)!;

type Expected = Pick<ToolPlan, 'wiring' | 'gated' | 'createsOnce' | 'createsRecords' | 'readOnly' | 'gateway'> & { odoo: boolean; bounded: boolean };
const ROWS: Array<[string, string, Expected]> = [
	// An Odoo read: its node's tool variant in every mode.
	['crm_list_leads', 'default', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: true, gateway: undefined, odoo: true, bounded: true }],
	['crm_list_leads', 'direct', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: true, gateway: undefined, odoo: true, bounded: true }],
	// An Odoo create: once, unless gated (its approval runs once).
	['crm_create_lead', 'default', { wiring: 'once', gated: false, createsOnce: true, createsRecords: true, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	['crm_create_lead', 'direct', { wiring: 'once', gated: false, createsOnce: true, createsRecords: true, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	['crm_create_lead', 'createGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: true, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	// A sensitive tool: gated with approvals and no list, not with a list that leaves it out.
	['crm_delete_lead', 'default', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	['crm_delete_lead', 'sensitiveGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: false, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	['crm_delete_lead', 'createGated', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	['crm_update_lead', 'directGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: false, readOnly: false, gateway: undefined, odoo: true, bounded: true }],
	// A gateway tool: its sub-workflow, or in direct mode its node's tool variant; a gated one its gate in both.
	['vault_read', 'default', { wiring: 'gateway', gated: false, createsOnce: false, createsRecords: false, readOnly: true, gateway: 'vault', odoo: false, bounded: true }],
	['vault_read', 'direct', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: true, gateway: 'vault', odoo: false, bounded: true }],
	['vault_write', 'default', { wiring: 'gateway', gated: false, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'vault', odoo: false, bounded: true }],
	['vault_write', 'createGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'vault', odoo: false, bounded: true }],
	['docker_manage', 'default', { wiring: 'gateway', gated: false, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'docker', odoo: false, bounded: true }],
	['docker_manage', 'sensitiveGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'docker', odoo: false, bounded: true }],
	['docker_manage', 'directGated', { wiring: 'gate', gated: true, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'docker', odoo: false, bounded: true }],
	['docker_manage', 'direct', { wiring: 'node', gated: false, createsOnce: false, createsRecords: false, readOnly: false, gateway: 'docker', odoo: false, bounded: true }],
	// The hand-off gateway keeps its sub-workflow in both modes, so its create is once in both; nothing bounds it.
	['content_generate', 'default', { wiring: 'once', gated: false, createsOnce: true, createsRecords: true, readOnly: false, gateway: 'content', odoo: false, bounded: false }],
	['content_generate', 'direct', { wiring: 'once', gated: false, createsOnce: true, createsRecords: true, readOnly: false, gateway: 'content', odoo: false, bounded: false }],
];

describe('planTools: each tool under each config', () => {
	it.each(ROWS)('%s under %s', (name, cfg, expected) => {
		const plan = planOf(name, cfg);
		const { odoo, bounded, ...fields } = expected;
		expect(plan).toMatchObject(fields);
		expect(plan.tool).toBe(spec(name));
		expect(plan.odoo).toBe(odoo ? spec(name).target : undefined);
		expect(plan.contract).toBe(plan.gateway === undefined ? HERMES_ODOO : GATEWAY_CONTRACTS[plan.gateway]);
		expect(plan.seconds === undefined).toBe(!bounded);
		// Every node the catalogue runs on checks the agent's arguments.
		expect(plan.checksArguments).toBe(true);
	});

	it('every catalogue tool has a plan, in catalogue order', () => {
		expect(planTools(CATALOGUE, CONFIGS.default).map((p) => p.tool.name)).toEqual(CATALOGUE.map((t) => t.name));
	});

	it("checksArguments is the node contract's: false where the node takes no agent arguments", () => {
		const contract = GATEWAY_CONTRACTS.vault as { agentArguments: boolean };
		contract.agentArguments = false;
		try {
			expect(planOf('vault_read', 'default').checksArguments).toBe(false);
			expect(planOf('crm_list_leads', 'default').checksArguments).toBe(true);
		} finally {
			contract.agentArguments = true;
		}
	});

	it('seconds: the slowest operation the tool can run', () => {
		expect(planOf('crm_create_lead', 'default').seconds).toBe(HERMES_ODOO.operationSeconds.create);
		expect(planOf('vault_write', 'default').seconds).toBe(GATEWAY_CONTRACTS.vault.operationSeconds.write);
		expect(planOf('content_generate', 'default').seconds).toBeUndefined();
	});

	it("lookup: a parameter as the agent sees it, the timesheet employee's default from the config", () => {
		expect(planOf('timesheet_log_hours', 'direct').lookup('employee_id').default).toBe(7);
		expect(planOf('timesheet_log_hours', 'default').lookup('employee_id').default).toBe(1);
		expect(planOf('crm_list_leads', 'default').lookup('limit')).toEqual(spec('crm_list_leads').parameters.find((p) => p.key === 'limit'));
		expect(() => planOf('crm_list_leads', 'default').lookup('nope')).toThrow('crm_list_leads: unknown parameter nope');
	});
});

describe('what the config cannot gate or wrap', () => {
	const run = (catalogue: readonly ToolSpec[], tools: string[]) => () => planTools(catalogue, config(approvals(tools)));

	it.each([
		[['nope'], 'approvals.tools names tools that are not in the catalogue:'],
		[['content_generate'], 'These tools hand their request to another workflow and cannot be gated'],
	])('approvals.tools %j: %s', (tools, message) => {
		expect(run(CATALOGUE, tools)).toThrow(ConfigError);
		expect(run(CATALOGUE, tools)).toThrow(message);
	});

	it(`a gated tool with its own "${APPROVAL_ID_PARAM}"`, () => {
		const clash = { ...spec('crm_update_lead'), parameters: [...spec('crm_update_lead').parameters, { key: APPROVAL_ID_PARAM, type: 'string' as const, description: 'x', required: false, default: '' }] };
		expect(run([clash], ['crm_update_lead'])).toThrow(`These tools already have a parameter "${APPROVAL_ID_PARAM}", which a gated tool adds:`);
	});

	it(`a create-once tool with its own "${DUPLICATE_PARAM}"; gated, it is not wrapped and nothing clashes`, () => {
		const clash = { ...spec('crm_create_lead'), parameters: [...spec('crm_create_lead').parameters, { key: DUPLICATE_PARAM, type: 'boolean' as const, description: 'x', required: false, default: false }] };
		expect(() => planTools([clash], CONFIGS.default)).toThrow(`These tools create records and already have a parameter "${DUPLICATE_PARAM}", which a create tool adds:`);
		expect(run([clash], ['crm_create_lead'])()[0]).toMatchObject({ gated: true, createsOnce: false });
	});
});

describe('the gateway sub-workflows a config has', () => {
	it('every gateway in subworkflow mode, only the hand-offs in direct', () => {
		expect(subWorkflowGateways(CONFIGS.default)).toEqual(GATEWAY_NAMES);
		expect(subWorkflowGateways(CONFIGS.direct)).toEqual(GATEWAY_NAMES.filter((g) => HAND_OFF_GATEWAYS.includes(g)));
		expect(HAND_OFF_GATEWAYS).toEqual(['content']);
		expect(everyGatewayInSubWorkflow(CONFIGS.default)).toBe(true);
		expect(everyGatewayInSubWorkflow(CONFIGS.direct)).toBe(false);
	});
});
