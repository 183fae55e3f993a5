/**
 * push, diff and the API client for n8n 1.x (`n8nVersion: '1.x'`): the sub-workflows are saved
 * and never published (1.x refuses to activate a workflow started only by an Execute Workflow
 * Trigger, and runs the saved version when called); the MCP workflow is published; a save is
 * sent without 2.x's `publishIfActive`, which 1.x refuses.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Workflow } from '../../../../generator/builders/n8nTypes';
import { defaultConfig, parseConfig } from '../../../../generator/config';
import { publishedOn, workflowsOf } from '../../../../generator/deploy/desired';
import { detectDrift } from '../../../../generator/deploy/drift';
import { pushWorkflows } from '../../../../generator/deploy/push';
import { N8nApiClient } from '../../../../generator/n8nClient/client';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { FakeN8n } from './fakeN8n';

const config = parseConfig({ ...defaultConfig(), n8nVersion: '1.x', odooMode: 'hermes' }, 'test config');
const desired = workflowsOf({ config, tools: CATALOGUE });
const MCP = 'Hermes MCP Tools';
const workflow = (types: string[]): Workflow => ({ name: 'w', nodes: types.map((type, i) => ({ id: `${i}`, name: `n${i}`, type, typeVersion: 1, position: [0, 0], parameters: {} })), connections: {}, settings: {} });

test.each([
	['2.x', 'a sub-workflow', ['n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-hermes.hermesVault'], true],
	['1.x', 'a sub-workflow', ['n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-hermes.hermesVault'], false],
	['1.x', 'an MCP workflow', ['@n8n/n8n-nodes-langchain.mcpTrigger', 'n8n-nodes-hermes.hermesVaultTool'], true],
	['2.x', 'an MCP workflow', ['@n8n/n8n-nodes-langchain.mcpTrigger'], true],
] as const)('on %s, %s is published: %s', (line, label, types, published) => {
	void label;
	expect(publishedOn(line, workflow([...types]))).toBe(published);
});

test('push on 1.x publishes only the MCP workflow; a second push and diff find nothing to do', async () => {
	const n8n = new FakeN8n();
	// hermes mode: the fake already has the Hermes twin of the Odoo credential, under the same name.
	const lines: string[] = [];
	await pushWorkflows(n8n.client, desired, { log: (line) => lines.push(line) });
	const activated = n8n.writes.filter((w) => w.endsWith('/activate'));
	expect(activated).toEqual([...new Set(activated)].map(() => `POST /workflows/${n8n.byName(MCP)!.id}/activate`));
	for (const gateway of desired.filter((d) => d.body.name !== MCP)) {
		expect(n8n.byName(gateway.body.name)!.active).toBe(false);
		expect(lines.some((l) => l.startsWith(`create  ${gateway.body.name} `) && l.endsWith('saved (n8n 1.x runs sub-workflows unpublished)'))).toBe(true);
	}
	n8n.calls.length = 0;
	const again = await pushWorkflows(n8n.client, desired, { log: () => undefined });
	expect(again.changed).toBe(false);
	expect(n8n.writes).toEqual([]);
	const drift = await detectDrift(n8n.client, desired);
	expect(drift.entries.flatMap((e) => e.findings)).toEqual([]);
});

test('the client saves without publishIfActive where n8n refuses it, and keeps it where n8n takes it', async () => {
	const seen: string[] = [];
	let refuse = true;
	const server = createServer((req: IncomingMessage, res) => {
		seen.push(`${req.method} ${req.url}`);
		req.resume();
		if (refuse && req.url?.includes('publishIfActive')) {
			res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: "Unknown query parameter 'publishIfActive'" }));
			return;
		}
		res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'w1', name: 'w', active: false, nodes: [], connections: {}, settings: {} }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const client = new N8nApiClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
		await client.updateWorkflow('w1', workflow([]), { publish: false });
		expect(seen).toEqual(['PUT /api/v1/workflows/w1?publishIfActive=false', 'PUT /api/v1/workflows/w1']);
		seen.length = 0;
		refuse = false;
		await client.updateWorkflow('w1', workflow([]), { publish: false });
		expect(seen).toEqual(['PUT /api/v1/workflows/w1?publishIfActive=false']);
	} finally {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});
