import type { Workflow, WorkflowNode } from '../../../../generator/builders/n8nTypes';
import { workflowNode } from '../../../helpers/workflowNode';
import { DependencyCycleError, dependencyOrder, desiredWorkflows } from '../../../../generator/deploy/desired';
import {
	CredentialIndex,
	credentialReferences,
	credentialsByName,
	credentialsForServerLookup,
	unresolvedCredentials,
	wireCredentials,
	wireWorkflowIds,
	workflowReferences,
} from '../../../../generator/deploy/wiring';
import { GATEWAY_NAMES, HERMES_ODOO_CREDENTIALS } from '../../../../core';
import { CATALOGUE, DEFAULT_CREATE_TOOLS, DEFAULT_ODOO_CREATE_TOOLS, GATEWAY_TOOLS, ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { GATEWAY_WORKFLOWS } from '../../../helpers/gateways';

const generated = desiredWorkflows();
const byName = (name: string) => generated.find((d) => d.body.name === name)!.body;
const mcp = byName('Hermes MCP Tools');
const content = byName('Hermes Gateway - Content');

const locatorOf = (body: Workflow, node: string) =>
	(body.nodes.find((n) => n.name === node)!.parameters as Record<string, unknown>).workflowId;

describe('workflow references', () => {
	it('finds the gateway and create tool nodes of the MCP workflow by the workflow they call', () => {
		const refs = workflowReferences(mcp);
		const calling = CATALOGUE.filter((t) => t.target.kind === 'gateway' || DEFAULT_CREATE_TOOLS.includes(t.name)).map((t) => t.name);
		expect(refs.map((ref) => ref.node)).toEqual(calling);
		expect(GATEWAY_WORKFLOWS.length).toBeGreaterThan(0);
		// A create tool calls its create-once workflow; its gateway, if any, is called from there.
		const gateways = GATEWAY_TOOLS.filter((t) => !DEFAULT_CREATE_TOOLS.includes(t.name)).map((t) => (t.target.kind === 'gateway' ? GATEWAY_WORKFLOWS[GATEWAY_NAMES.indexOf(t.target.gateway)] : ''));
		expect(new Set(refs.map((r) => r.workflow))).toEqual(new Set([...gateways, ...DEFAULT_CREATE_TOOLS.map((tool) => `Hermes Create - ${tool}`)]));
		expect(refs.every((r) => r.pinnedId === undefined)).toBe(true);
		expect(workflowReferences(byName('Hermes Create - content_generate'))).toEqual([{ node: 'content_generate', workflow: 'Hermes Gateway - Content' }]);
		expect(workflowReferences(byName('Hermes Create - crm_create_lead'))).toEqual([]);
	});

	it('wires ids by name into a copy, switching the locator to mode id', () => {
		const wired = wireWorkflowIds(mcp, new Map([['Hermes Gateway - Vault', 'V1']]));
		expect(locatorOf(wired, 'vault_read')).toEqual({ __rl: true, mode: 'id', value: 'V1', cachedResultName: 'Hermes Gateway - Vault' });
		expect(locatorOf(mcp, 'vault_read')).toMatchObject({ mode: 'list', value: '' });
		// Names without an id stay unwired (a dry run before the gateway exists).
		expect(locatorOf(wired, 'docker_read')).toMatchObject({ mode: 'list', value: '' });
	});

	it('leaves a pinned id (pipelineWorkflow.id from the config) alone', () => {
		const pinned = structuredClone(content);
		(pinned.nodes.find((n) => n.name === 'Content Pipeline')!.parameters as Record<string, unknown>).workflowId = {
			__rl: true,
			mode: 'id',
			value: 'PINNED',
			cachedResultName: 'Telegram Content Pipeline',
		};
		expect(workflowReferences(pinned)).toEqual([{ node: 'Content Pipeline', workflow: 'Telegram Content Pipeline', pinnedId: 'PINNED' }]);
		const wired = wireWorkflowIds(pinned, new Map([['Telegram Content Pipeline', 'OTHER']]));
		expect(locatorOf(wired, 'Content Pipeline')).toMatchObject({ value: 'PINNED' });
	});

	it.each<[string, unknown]>([
		['no locator', 'abc'],
		['a locator without cachedResultName', { __rl: true, mode: 'list', value: '' }],
		['an empty cachedResultName', { __rl: true, mode: 'list', value: '', cachedResultName: '' }],
		['a non-locator object', { mode: 'list', cachedResultName: 'X' }],
	])('ignores %s', (_label, workflowId) => {
		const body: Workflow = { name: 'W', nodes: [workflowNode('A', 't', { workflowId })], connections: {}, settings: {} };
		expect(workflowReferences(body)).toEqual([]);
	});
});

describe('credentials', () => {
	it('lists every credential reference with its node and type', () => {
		const refs = credentialReferences(mcp);
		// the trigger's bearer credential, then one Hermes Odoo credential per Odoo tool, in node order
		expect(refs[0]).toEqual({ node: 'MCP Server Trigger', type: 'httpBearerAuth', name: 'Hermes MCP Bearer' });
		const odoo = (tool: string) => ({ node: tool, type: HERMES_ODOO_CREDENTIALS.odooApi, name: 'Odoo' });
		// but a create tool's Odoo node is in its create-once workflow
		expect(refs.slice(1)).toEqual(ODOO_TOOLS.filter((tool) => !DEFAULT_ODOO_CREATE_TOOLS.includes(tool.name)).map((tool) => odoo(tool.name)));
		expect(DEFAULT_ODOO_CREATE_TOOLS.length).toBeGreaterThan(0);
		// with the read that checks an earlier record still exists before it is answered again
		for (const tool of DEFAULT_ODOO_CREATE_TOOLS) expect(credentialReferences(byName(`Hermes Create - ${tool}`))).toEqual([{ ...odoo(tool), node: 'Read earlier record' }, odoo(tool)]);
	});

	it('wires {id, name} by type and exact name; others stay by name', () => {
		const index = new CredentialIndex([
			{ id: 'B1', name: 'Hermes MCP Bearer', type: 'httpBearerAuth' },
			{ id: 'X1', name: 'Odoo', type: 'odooApi' }, // same name, other type (n8n's own Odoo credential)
			{ id: 'X2', name: 'odoo', type: HERMES_ODOO_CREDENTIALS.odooApi }, // other case
		]);
		const wired = wireCredentials(mcp, index);
		expect(wired.nodes[0].credentials).toEqual({ httpBearerAuth: { id: 'B1', name: 'Hermes MCP Bearer' } });
		expect(wired.nodes[1].credentials).toEqual({ [HERMES_ODOO_CREDENTIALS.odooApi]: { name: 'Odoo' } });
	});

	it('reports ambiguous names instead of picking one', () => {
		const index = new CredentialIndex([
			{ id: 'a', name: 'Odoo', type: 'odooApi' },
			{ id: 'b', name: 'Odoo', type: 'odooApi' },
		]);
		expect(index.lookup('odooApi', 'Odoo')).toEqual({ ambiguous: ['a', 'b'] });
		expect(index.lookup('odooApi', 'Nope')).toEqual({ found: undefined });
	});
});

describe('credentials when the key may not list them', () => {
	const node = (credentials: unknown): Workflow => ({
		name: 'W',
		nodes: [workflowNode('A', 't', {}, { credentials } as Partial<WorkflowNode>)],
		connections: {},
		settings: {},
	});

	it('asks n8n to resolve each by name ({id: null, name}), keeping known ids', () => {
		const body = node({ odooApi: { name: 'Odoo' }, httpBearerAuth: { id: 'B1', name: 'Bearer' } });
		expect(credentialsForServerLookup(body).nodes[0].credentials).toEqual({
			odooApi: { id: null, name: 'Odoo' },
			httpBearerAuth: { id: 'B1', name: 'Bearer' },
		});
		expect(body.nodes[0].credentials).toEqual({ odooApi: { name: 'Odoo' }, httpBearerAuth: { id: 'B1', name: 'Bearer' } });
	});

	it('compares by name only', () => {
		expect(credentialsByName(node({ odooApi: { id: 'X', name: 'Odoo' } }))).toEqual(credentialsByName(node({ odooApi: { id: null, name: 'Odoo' } })));
	});

	it.each<[string, unknown, string[]]>([
		['resolved', { odooApi: { id: 'X', name: 'Odoo' } }, []],
		['id null (n8n found none)', { odooApi: { id: null, name: 'Odoo' } }, ['odooApi/Odoo']],
		['no id at all', { odooApi: { name: 'Odoo' } }, ['odooApi/Odoo']],
		['an empty reference', { odooApi: {} }, ['odooApi/(no name)']],
		['no credentials', undefined, []],
	])('after saving, finds unresolved references: %s', (_label, credentials, expected) => {
		expect(unresolvedCredentials(node(credentials)).map((r) => `${r.type}/${r.name}`)).toEqual(expected);
	});
});

describe('dependencyOrder', () => {
	it('puts the gateways before the MCP workflow that calls them', () => {
		const order = dependencyOrder(generated).map((d) => d.body.name);
		expect(order[order.length - 1]).toBe('Hermes MCP Tools');
		expect([...order].sort()).toEqual(generated.map((d) => d.body.name).sort());
	});

	it('refuses a cycle', () => {
		const call = (name: string, target: string) => ({
			body: {
				name,
				nodes: [workflowNode('call', 't', { workflowId: { __rl: true, mode: 'list', value: '', cachedResultName: target } })],
				connections: {},
				settings: {},
			},
		});
		expect(() => dependencyOrder([call('A', 'B'), call('B', 'A')])).toThrow(DependencyCycleError);
	});
});
