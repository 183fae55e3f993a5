/**
 * Push over a deployment whose Odoo tools still run n8n's own Odoo node: the generated Hermes Odoo
 * nodes replace them; and where the Hermes Odoo credential is missing but n8n holds an n8n Odoo
 * credential of the same name, push refuses before writing and says which credential to create
 * from it. Stand-in: n8n's public API (fakeN8n.ts beside it).
 */
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS } from '../../../../core';

import type { Workflow } from '../../../../generator/builders/n8nTypes';
import type { LiveCredential } from '../../../../generator/n8nClient/client';
import { defaultConfig, parseConfig } from '../../../../generator/config';
import { workflowsOf } from '../../../../generator/deploy/desired';
import { pushWorkflows } from '../../../../generator/deploy/push';
import { UnresolvedError } from '../../../../generator/deploy/resolve';
import { CATALOGUE, DEFAULT_ODOO_CREATE_TOOLS, ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { FakeN8n } from './fakeN8n';

const MCP = 'Hermes MCP Tools';
const N8N_ODOO_TOOL = 'n8n-nodes-base.odooTool';
const desired = (overrides: Record<string, unknown> = {}) => workflowsOf({ config: parseConfig({ ...defaultConfig(), ...overrides }, 'test config'), tools: CATALOGUE });

/** The MCP tools workflow as n8n's Odoo node ran it: each Hermes Odoo tool node n8n's Odoo tool, on the n8n Odoo credential. */
function withN8nOdooNodes(body: Workflow): Workflow {
	const hermesTool = `n8n-nodes-hermes.${HERMES_ODOO.type}Tool`;
	return {
		...body,
		nodes: body.nodes.map((node) =>
			node.type === hermesTool ? { ...node, type: N8N_ODOO_TOOL, typeVersion: 2, parameters: { ...node.parameters, resource: 'custom' }, credentials: { odooApi: { id: 'C-odoo', name: 'Odoo' } } } : node,
		),
	};
}

async function refusal(n8n: FakeN8n, workflows = desired()): Promise<UnresolvedError> {
	n8n.calls.length = 0;
	const error = await pushWorkflows(n8n.client, workflows).catch((e: unknown) => e);
	expect(error).toBeInstanceOf(UnresolvedError);
	// Only reads: nothing was changed on n8n.
	expect(n8n.writes).toEqual([]);
	return error as UnresolvedError;
}

/** The tools the MCP tools workflow runs the Hermes Odoo node for: the Odoo tools but the create tools, which run it in their create-once workflows. */
const MCP_ODOO_TOOLS = ODOO_TOOLS.filter((tool) => !DEFAULT_ODOO_CREATE_TOOLS.includes(tool.name)).length;

describe("a deployment that still runs n8n's own Odoo node", () => {
	it('push replaces its Odoo nodes with the generated Hermes Odoo nodes, and a second push has nothing to do', async () => {
		const n8n = new FakeN8n();
		const workflows = desired();
		await pushWorkflows(n8n.client, workflows);
		const mcp = n8n.byName(MCP)!;
		await n8n.updateWorkflow(mcp.id, withN8nOdooNodes(workflows.find((w) => w.body.name === MCP)!.body));
		expect(n8n.byName(MCP)!.nodes.filter((node) => node.type === N8N_ODOO_TOOL)).toHaveLength(MCP_ODOO_TOOLS);

		const lines: string[] = [];
		const report = await pushWorkflows(n8n.client, workflows, { log: (line) => lines.push(line) });
		expect(report.outcomes.filter((o) => o.action !== 'unchanged').map((o) => [o.name, o.action])).toEqual([[MCP, 'updated']]);
		const live = n8n.byName(MCP)!;
		expect(live.nodes.filter((node) => node.type === N8N_ODOO_TOOL)).toEqual([]);
		expect(live.nodes.filter((node) => node.type === `n8n-nodes-hermes.${HERMES_ODOO.type}Tool`)).toHaveLength(MCP_ODOO_TOOLS);
		expect(live.activeVersionId).toBe(live.versionId);
		expect((await pushWorkflows(n8n.client, workflows)).changed).toBe(false);
	});

	it.each<[string, Record<string, unknown>, 'odooApi' | 'odooApiKeyApi', string, string, string]>([
		['JSON-RPC (the default)', {}, 'odooApi', '"Hermes Odoo API" (hermesOdooApi)', '"Odoo API" (odooApi)', 'URL, database, user and password'],
		['JSON-2', { odooCredentialType: 'odooApiKeyApi' }, 'odooApiKeyApi', '"Hermes Odoo API Key API" (hermesOdooApiKeyApi)', '"Odoo API (API Key)" (odooApiKeyApi)', 'URL, database and API key'],
	])('%s: without the Hermes Odoo credential, push refuses and names the one to create from the n8n Odoo credential of that name', async (_label, overrides, type, shown, n8nShown, fields) => {
		const n8n = new FakeN8n();
		n8n.credentials.splice(0, n8n.credentials.length, ...n8n.credentials.filter((c) => !c.type.startsWith('hermesOdoo') && c.type !== 'odooApi'), { id: 'C-n8n-odoo', name: 'Odoo', type });
		const error = await refusal(n8n, desired(overrides));
		const fix = `the Odoo tools now run the Hermes Odoo node, not n8n's Odoo node: create a ${shown} credential named "Odoo" (Credentials > Add credential) with the same ${fields} as the ${n8nShown} credential "Odoo" n8n holds`;
		expect(error.problems).toEqual([expect.stringMatching(new RegExp(`^credential "Odoo" of type ${literal(shown)} \\(used by .+\\) is not in n8n: ${literal(fix)}$`))]);
		expect(error.message).toContain('nothing was changed');
	});

	it.each<[string, (credential: LiveCredential) => LiveCredential[]]>([
		['of another name', (c) => [{ ...c, name: 'Odoo (old)' }]],
		['none', () => []],
	])('an n8n Odoo credential %s: the plain fix', async (_label, keep) => {
		const n8n = new FakeN8n();
		const left = n8n.credentials.filter((c) => c.type !== HERMES_ODOO_CREDENTIALS.odooApi).flatMap((c) => (c.type === 'odooApi' ? keep(c) : [c]));
		n8n.credentials.splice(0, n8n.credentials.length, ...left);
		const error = await refusal(n8n);
		expect(error.problems).toEqual([expect.stringMatching(/^credential "Odoo" of type "Hermes Odoo API" \(hermesOdooApi\) \(used by .*\) is not in n8n: create it \(Credentials > Add credential\), or name an existing one in the config's "credentials"$/)]);
	});
});

function literal(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
