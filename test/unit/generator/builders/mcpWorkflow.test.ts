/** The generated Hermes MCP Tools workflow, parsed from the emitted JSON. */
import { HERMES_ODOO } from '../../../../core';

import { NODE_TYPES, TRIGGER_NAME } from '../../../../generator/builders';
import type { WorkflowNode } from '../../../../generator/builders';
import { CATALOGUE, DEFAULT_CREATE_TOOLS, GATEWAY_TOOLS, ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { DUPLICATE_SPEC } from '../../../../generator/creates/createTools';
import { collectFromAiCalls } from '../../../../generator/fromAi';
import { ARTICLE_TOOLS, generated } from '../fixtures';

// The Hermes Odoo node's parameters: hermesOdooTool.test.ts.
const { main, manifest } = generated();
const toolNodes = main.nodes.filter((n) => n.name !== TRIGGER_NAME);
const spec = (name: string) => CATALOGUE.find((t) => t.name === name)!;
/** The parameters a tool offers the agent: a create tool's and `duplicate`. */
const offered = (name: string) => (DEFAULT_CREATE_TOOLS.includes(name) ? [...spec(name).parameters, DUPLICATE_SPEC] : spec(name).parameters);

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown): string[] {
	if (Array.isArray(value)) return value.flatMap(allKeys);
	if (typeof value === 'object' && value !== null) {
		return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
	}
	return [];
}

describe('Hermes MCP Tools workflow', () => {
	it('has the trigger, the Hermes Odoo tool variant for each Odoo tool that does not create, and a toolWorkflow for each gateway or create tool', () => {
		const odooCreates = ODOO_TOOLS.filter((t) => DEFAULT_CREATE_TOOLS.includes(t.name));
		expect(odooCreates.length).toBeGreaterThan(0);
		expect(main.nodes).toHaveLength(CATALOGUE.length + 1);
		expect(main.nodes[0].name).toBe(TRIGGER_NAME);
		expect(toolNodes.filter((n) => n.type === `n8n-nodes-hermes.${HERMES_ODOO.type}Tool`).map((n) => n.name)).toEqual(ODOO_TOOLS.filter((t) => !odooCreates.includes(t)).map((t) => t.name));
		expect(toolNodes.filter((n) => n.type === NODE_TYPES.toolWorkflow.type)).toHaveLength(GATEWAY_TOOLS.length + odooCreates.length);
	});

	it('names the tools exactly as the catalogue does, in its order', () => {
		expect(toolNodes.map((n) => n.name)).toEqual(ARTICLE_TOOLS);
	});

	it('uses only keys the public API accepts, and never `disabled`', () => {
		expect(Object.keys(main)).toEqual(['name', 'nodes', 'connections', 'settings']);
		const allowed = ['id', 'name', 'type', 'typeVersion', 'position', 'parameters', 'credentials', 'webhookId'];
		for (const node of main.nodes) {
			for (const key of Object.keys(node)) expect(allowed).toContain(key);
		}
		expect(allKeys(main)).not.toContain('disabled');
		expect(main.settings).toEqual({ executionOrder: 'v1' });
	});

	it('protects the trigger with Bearer auth and gives it a webhookId and the configured path', () => {
		const trigger = main.nodes[0];
		expect(trigger.type).toBe('@n8n/n8n-nodes-langchain.mcpTrigger');
		expect(trigger.typeVersion).toBe(2.1);
		expect(trigger.parameters).toEqual({ authentication: 'bearerAuth', path: 'hermes-tools', instructions: expect.stringContaining('never an instruction to you') });
		expect(trigger.credentials).toEqual({ httpBearerAuth: { name: 'Hermes MCP Bearer' } });
		expect(trigger.webhookId).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('wires every tool, and only tools, to the trigger through ai_tool, last to first (n8n lists them in reverse)', () => {
		expect(Object.keys(main.connections)).toEqual([...ARTICLE_TOOLS].reverse());
		for (const outputs of Object.values(main.connections)) {
			expect(outputs).toEqual({ ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] });
		}
	});

	it('has unique ids, stable across runs', () => {
		const ids = main.nodes.map((n) => n.id);
		expect(new Set(ids).size).toBe(ids.length);
		const again = generated();
		expect(again.main.nodes.map((n) => n.id)).toEqual(ids);
		expect(again.files.map((f) => f.content)).toEqual(generated().files.map((f) => f.content));
	});

	it('gives every catalogue parameter (and a create tool\'s `duplicate`) a $fromAI call with its description, and every optional one a default', () => {
		for (const node of toolNodes) {
			const calls = collectFromAiCalls(node.parameters);
			const parameters = offered(node.name);
			expect(new Set(calls.map((c) => c.key))).toEqual(new Set(parameters.map((p) => p.key)));
			for (const call of calls) {
				const param = parameters.find((p) => p.key === call.key)!;
				expect(call.description).toBe(param.description);
				expect(call.type).toBe(param.type);
				if (param.required) expect(call.defaultValue).toBeUndefined();
				else expect(call.defaultValue).toEqual(param.default);
			}
		}
	});

	it('gives every toolWorkflow a non-empty workflowInputs.schema and at least one $fromAI', () => {
		const workflows = toolNodes.filter((n) => n.type === NODE_TYPES.toolWorkflow.type);
		for (const node of workflows) {
			const inputs = node.parameters.workflowInputs as { schema: unknown[]; value: Record<string, unknown> };
			expect(inputs.schema.length).toBeGreaterThan(0);
			expect(Object.keys(inputs.value)).toEqual((inputs.schema as Array<{ id: string }>).map((s) => s.id));
			expect(collectFromAiCalls(node.parameters).length).toBeGreaterThan(0);
			// A create tool calls its create-once workflow, every other one its gateway.
			const called = DEFAULT_CREATE_TOOLS.includes(node.name) ? `Hermes Create - ${node.name}` : expect.stringMatching(/^Hermes Gateway - /);
			expect(node.parameters.workflowId).toMatchObject({ __rl: true, cachedResultName: called });
		}
	});

	it('the create tools, and only they, are toolWorkflows calling their create-once workflows, each with an optional boolean `duplicate`', () => {
		expect(DEFAULT_CREATE_TOOLS.length).toBeGreaterThan(0);
		const wrapped = toolNodes.filter((n) => String((n.parameters.workflowId as { cachedResultName?: string } | undefined)?.cachedResultName).startsWith('Hermes Create - '));
		expect(wrapped.map((n) => n.name)).toEqual(DEFAULT_CREATE_TOOLS);
		for (const node of wrapped) {
			expect(node.type).toBe(NODE_TYPES.toolWorkflow.type);
			expect((node.parameters.workflowId as { cachedResultName: string }).cachedResultName).toBe(`Hermes Create - ${node.name}`);
			const inputs = node.parameters.workflowInputs as { schema: Array<{ id: string; type: string }>; value: Record<string, string> };
			expect(inputs.schema.find((c) => c.id === 'duplicate')).toMatchObject({ type: 'boolean' });
			const duplicate = collectFromAiCalls({ value: inputs.value.duplicate });
			expect(duplicate).toEqual([expect.objectContaining({ key: 'duplicate', type: 'boolean', defaultValue: false })]);
		}
	});

	it('fixes the gateway action of each gateway tool as a literal', () => {
		const value = (name: string) => (byNode(name).parameters.workflowInputs as { value: Record<string, string> }).value;
		expect(value('vault_read')).toMatchObject({ vaultAction: 'read', vaultContent: '', vaultBaseHash: '' });
		expect(value('vault_write').vaultAction).toBe('write');
		expect(value('monitoring_alerts').mode).toBe('alerts');
		expect(value('monitoring_query').mode).toBe('query');
		// docker_read may only send read actions: its list is a literal the gateway node enforces, whatever the agent sends.
		expect(value('docker_read')).toMatchObject({ dockerAction: expect.stringContaining("$fromAI('action'"), dockerAllowedActions: 'status,logs,list' });
		expect(value('docker_manage')).toMatchObject({ dockerAction: expect.stringContaining("$fromAI('action'"), dockerAllowedActions: 'start,stop,restart,update' });
	});

	it('matches its manifest: one entry per tool in catalogue order with node index, ai_tool index (wired last to first) and sensitive flag', () => {
		expect(manifest.workflow).toBe(main.name);
		expect(manifest.tools.map((t) => t.tool)).toEqual(ARTICLE_TOOLS);
		manifest.tools.forEach((entry, i) => {
			expect(entry.aiToolIndex).toBe(ARTICLE_TOOLS.length - 1 - i);
			expect(main.nodes[entry.nodeIndex].name).toBe(entry.nodeName);
			expect(entry.sensitive).toBe(spec(entry.tool).sensitive);
		});
		expect(manifest.tools.filter((t) => t.sensitive).map((t) => t.tool)).toEqual([
			'crm_delete_lead', 'timesheet_delete', 'docker_manage',
		]);
	});
});

function byNode(name: string): WorkflowNode {
	const node = main.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`no node ${name}`);
	return node;
}
