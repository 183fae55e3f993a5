/**
 * The catalogue's Odoo tools as the generator writes them: the Hermes Odoo node's tool variant,
 * except the create tools, which are toolWorkflows calling their create-once workflows (which run
 * the Hermes Odoo node); the node's parameters are the contract's; a gated Odoo tool's gate runs
 * the Hermes Odoo node.
 */
import { AGENT_ARGUMENTS } from '../../../../core/agentArguments';
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_DOMAIN_OPERATORS } from '../../../../core';

import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { mcpWorkflowOf } from '../../../helpers/plans';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { lintWorkflow } from '../../../../generator/lint';
import { FILTER_OPERATORS, type ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, createFile, DEFAULT_CREATE_TOOLS, DEFAULT_ODOO_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';
import { sentCall } from '../../../../generator/builders/agentArguments';

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const hermes = generated(CATALOGUE, config());
const node = (workflow: Workflow, name: string): WorkflowNode => workflow.nodes.find((n) => n.name === name)!;
const spec = (name: string): ToolSpec => CATALOGUE.find((t) => t.name === name)!;
const ODOO_TOOLS = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);
/** The Odoo tools that create once, and the others. */
const ODOO_CREATES = DEFAULT_ODOO_CREATE_TOOLS;
const ODOO_OTHERS = ODOO_TOOLS.filter((t) => !ODOO_CREATES.includes(t));
const isCreateFile = (file: string) => file.startsWith('hermes-create-');
/** The Hermes Odoo node an Odoo tool runs: its node in the MCP tools workflow, or a create tool's in its create-once workflow. */
const hermesNode = (tool: string): WorkflowNode => (ODOO_CREATES.includes(tool) ? node(hermes.byName(createFile(tool)).workflow as Workflow, tool) : node(hermes.main, tool));
const { params } = HERMES_ODOO;

describe('the Odoo tools', () => {
	it('the Hermes Odoo tool variant, but a create tool: a toolWorkflow calling its create-once workflow, which runs the Hermes Odoo node', () => {
		expect(ODOO_CREATES.length).toBeGreaterThan(0);
		expect(hermes.files.map((f) => f.file).filter(isCreateFile)).toEqual(DEFAULT_CREATE_TOOLS.map(createFile));
		for (const tool of ODOO_OTHERS) expect(node(hermes.main, tool)).toMatchObject({ type: `n8n-nodes-hermes.${HERMES_ODOO.type}Tool`, typeVersion: HERMES_ODOO.typeVersion });
		for (const tool of ODOO_CREATES) {
			expect(node(hermes.main, tool)).toMatchObject({ type: '@n8n/n8n-nodes-langchain.toolWorkflow', parameters: { workflowId: { cachedResultName: `Hermes Create - ${tool}` } } });
			expect(hermes.byName(createFile(tool)).workflow?.name).toBe(`Hermes Create - ${tool}`);
			expect(hermesNode(tool)).toMatchObject({ type: `n8n-nodes-hermes.${HERMES_ODOO.type}`, typeVersion: HERMES_ODOO.typeVersion });
		}
	});

	it('the tool description as written, and the Hermes twin of the config credential under its name', () => {
		for (const tool of ODOO_OTHERS) {
			expect(node(hermes.main, tool)).toMatchObject({
				parameters: { descriptionType: 'manual', toolDescription: spec(tool).description, authentication: 'odooApi' },
				credentials: { hermesOdooApi: { name: 'Odoo' } },
			});
		}
		// A create tool: the toolWorkflow has the description, the node in its create-once workflow the credential.
		for (const tool of ODOO_CREATES) {
			expect(node(hermes.main, tool).parameters).toMatchObject({ description: spec(tool).description });
			expect(hermesNode(tool)).toMatchObject({ parameters: { authentication: 'odooApi' }, credentials: { hermesOdooApi: { name: 'Odoo' } } });
		}
		const json2 = mcpWorkflowOf(CATALOGUE, config({ odooCredentialType: 'odooApiKeyApi', nodeTypePrefix: 'CUSTOM' }));
		expect(node(json2, 'odoo_get_task')).toMatchObject({
			type: 'CUSTOM.hermesOdooTool',
			parameters: { authentication: 'odooApiKeyApi' },
			credentials: { [HERMES_ODOO_CREDENTIALS.odooApiKeyApi]: { name: 'Odoo' } },
		});
	});

	it('every parameter it sets is one the node has (the contract and the agent-arguments check name them)', () => {
		const known = new Set([...Object.values(params), ...Object.values(AGENT_ARGUMENTS.params), 'descriptionType', 'toolDescription']);
		for (const tool of ODOO_TOOLS) for (const key of Object.keys(hermesNode(tool).parameters)) expect([tool, key, known.has(key)]).toEqual([tool, key, true]);
	});

	it('a create tool\'s node in its create-once workflow reads the arguments from the trigger, and checks the raw call', () => {
		for (const tool of ODOO_CREATES) {
			const inner = hermesNode(tool);
			expect([tool, JSON.stringify(inner.parameters)]).not.toEqual([tool, expect.stringContaining('$fromAI')]);
			for (const p of spec(tool).parameters) expect([tool, JSON.stringify(inner.parameters)]).toEqual([tool, expect.stringContaining(`json['${p.key}']`)]);
			expect(inner.parameters).toMatchObject({ [AGENT_ARGUMENTS.params.sent]: expect.stringContaining(AGENT_ARGUMENTS.inputs.sent), [AGENT_ARGUMENTS.params.accepted]: expect.stringContaining(AGENT_ARGUMENTS.inputs.accepted) });
		}
	});

	const PARAMETERS: Array<[string, Record<string, unknown>]> = [
		[
			'timesheet_report',
			{
				operation: 'getAll',
				model: 'account.analytic.line',
				fieldsList: 'id,date,name,unit_amount,project_id,task_id,employee_id',
				filters: {
					filter: [
						{ field: 'project_id', operator: 'notEqual', value: '={{ false }}' },
						{ field: 'date', operator: 'greaterOrEqual', value: "={{ $fromAI('date_from', 'YYYY-MM-DD', 'string') }}" },
					],
				},
				returnAll: false,
				limit: "={{ $fromAI('limit', 'Max results', 'number', 200) }}",
			},
		],
		['odoo_get_task', { operation: 'get', model: 'project.task', recordId: expect.stringMatching(/^=\{\{ \$fromAI\('task_id', /) }],
		[
			'crm_update_lead',
			{
				operation: 'update',
				allowedFields: 'name,partner_name,email_from,phone,expected_revenue,probability,date_deadline,description',
				fieldsToWrite: { field: [{ name: expect.stringMatching(/^=\{\{ \$fromAI\('field', /), value: expect.stringMatching(/^=\{\{ \$fromAI\('value', /) }] },
			},
		],
		['timesheet_log_hours', { operation: 'create', fieldsToWrite: { field: expect.arrayContaining([{ name: 'date', value: expect.stringContaining("|| $today.toFormat('yyyy-MM-dd')") }]) } }],
		['crm_delete_lead', { operation: 'delete', model: 'crm.lead', recordId: expect.stringContaining("$fromAI('lead_id'") }],
	];
	it.each(PARAMETERS)('%s', (tool, expected) => {
		const parameters = hermesNode(tool).parameters;
		expect(parameters).toMatchObject(expected);
		// The node enforces the allowed fields: the field reaches it as the agent sent it.
		expect(JSON.stringify(parameters)).not.toContain('refused_field_');
	});

	it('a fixed write has no allowed-fields list; a tool without a limit returns all', () => {
		expect(node(hermes.main, 'crm_move_stage').parameters).not.toHaveProperty(params.allowedFields);
		const unlimited = { ...spec('crm_list_stages'), parameters: [{ key: 'x', type: 'string' as const, description: 'unused', required: false, default: '' }] };
		unlimited.target = { ...unlimited.target, limitParam: undefined, filters: [{ field: 'name', operator: 'ilike', param: 'x' }] } as ToolSpec['target'];
		const built = mcpWorkflowOf([unlimited], config());
		expect(node(built, 'crm_list_stages').parameters).toMatchObject({ returnAll: true });
		expect(node(built, 'crm_list_stages').parameters).not.toHaveProperty('limit');
	});

	it("every catalogue filter operator is one the node knows", () => {
		expect([...FILTER_OPERATORS].sort()).toEqual(Object.keys(ODOO_DOMAIN_OPERATORS).sort());
	});

	it('the linter finds the ungated sensitive tools, nothing else', () => {
		const findings = lintWorkflow(hermes.main, { file: 'hermes-mcp-tools.json', manifest: hermes.manifest }).map((f) => f.code);
		expect(findings).toEqual(CATALOGUE.filter((t) => t.sensitive).map(() => 'HMT017'));
	});
});

describe('a gated Odoo tool', () => {
	const approvals = { channel: { type: 'email', credential: 'SMTP', from: 'hermes@example.com', to: ['boss@example.com'] }, publicUrl: 'https://n8n.example.com' };
	const gatedHermes = generated(CATALOGUE, config({ approvals }));
	const gate = gatedHermes.files.find((f) => f.file === 'hermes-approval-crm-delete-lead.json')?.workflow;

	it('the gate runs the Hermes Odoo node on the approved call, and its check gets the raw call', () => {
		const action = gate?.nodes.find((n) => n.name === 'crm_delete_lead');
		expect(action).toMatchObject({
			type: `n8n-nodes-hermes.${HERMES_ODOO.type}`,
			typeVersion: HERMES_ODOO.typeVersion,
			parameters: { operation: 'delete', model: 'crm.lead', recordId: expect.stringContaining('lead_id') },
			credentials: { hermesOdooApi: { name: 'Odoo' } },
		});
		expect(action?.parameters.recordId).not.toContain('$fromAI');
		const inputs = (node(gatedHermes.main, 'crm_delete_lead').parameters as { workflowInputs: { value: Record<string, unknown> } }).workflowInputs.value;
		expect(inputs).toMatchObject({ [AGENT_ARGUMENTS.inputs.sent]: sentCall('crm_delete_lead'), [AGENT_ARGUMENTS.inputs.accepted]: 'approval_id, lead_id' });
		expect(gate?.nodes.find((n) => n.name === 'Check call')?.parameters).toMatchObject({ agentCall: expect.stringContaining('agent_call'), acceptedArguments: expect.stringContaining('accepted_arguments') });
	});
});
