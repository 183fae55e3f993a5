/**
 * The disabled-tool misrouting, proven on the version that has it: n8n 2.20.12 in QUEUE mode
 * (main + a worker over PostgreSQL and Redis; the worker runs each `tools/call` by the
 * `sourceNodeName` the trigger gave the tool). Regular mode looks the tool up by name and is not
 * affected, so only queue mode shows it.
 *
 * Each layout under test/fixtures/routing is a tool workflow with one disabled tool still wired;
 * every tool calls the same echo sub-workflow with its OWN name as a fixed input, so the answer
 * says which node really ran (2.20.12 records only the trigger in the execution's run data, so
 * the answer is the evidence). Every listed tool is called once; the tools that ran another
 * node must be exactly those lint's HMT002 reports for that file, each with the node HMT002
 * names. The generated `Hermes MCP Tools` workflow (which never disables a tool) is pushed to
 * the same n8n and every one of its 32 tools must be answered by its own node. Its 9 gateway
 * tools run as generated and prove their own node ran through the backends. Its 23 Odoo tools
 * (picked by name: the catalogue's Odoo tools, whether a Hermes Odoo tool node or a create
 * tool's call of its create-once workflow) are swapped in place for echo probes with the same
 * names (same tool graph, same connection order, nothing disabled: what the routing depends on),
 * so each one's answer names the node that ran. Real: n8n 2.20.12, PostgreSQL, Redis, sshd,
 * the git vault, Prometheus; stand-ins as in helpers/stack.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CATALOGUE } from '../helpers/defaultCatalogue';
import { N8N_LEGACY_ROUTING_VERSION } from '../harness/n8n/cache';
import { startQueueN8n, type QueueN8nHandle } from '../harness/queue/stack';
import { callTool, connectMcp, waitForMcpEndpoint, type McpSession } from './helpers/mcp';
import { api } from './helpers/n8nRest';
import { REPO_ROOT } from './helpers/repoRoot';
import { hmt002Prediction, listToolNames, ranNode, ROUTING_FIXTURES, ROUTING_LAYOUTS, RoutingProbes, routingTable, type Workflow } from './helpers/routingProbe';
import { startHermesStack, type HermesStack } from './helpers/stack';
import { callWithEvidence, TOOL_CASES } from './helpers/toolCases';

let stack: HermesStack<QueueN8nHandle>;
let probes: RoutingProbes;
const scratch = mkdtempSync(join(tmpdir(), 'hermes-routing-'));

beforeAll(async () => {
	stack = await startHermesStack({
		startN8n: () => startQueueN8n({ version: N8N_LEGACY_ROUTING_VERSION, workers: 1, webhook: false }),
		// The layouts' proof needs no generated workflow: the second describe reads push itself.
		pushMayFail: true,
	});
	probes = await RoutingProbes.prepare(stack.n8n, stack.token);
}, 600_000);

afterAll(async () => {
	await stack?.stop();
	rmSync(scratch, { recursive: true, force: true });
}, 180_000);

describe(`n8n ${N8N_LEGACY_ROUTING_VERSION}, queue mode: a disabled tool misroutes exactly the tools HMT002 names`, () => {
	it.each(ROUTING_LAYOUTS)('%s', async (layout) => {
		const run = await probes.run(join(ROUTING_FIXTURES, layout));
		const { observed, predicted } = run;
		process.stdout.write(
			`${routingTable(`${run.workflow.name} (n8n ${stack.n8n.n8nVersion}, queue mode): ${Object.keys(observed).length} misrouted observed, ${Object.keys(predicted).length} predicted`, run.rows)}\n`,
		);
		// tools/list leaves the disabled tool out; every other tool is listed (and was called once).
		expect([...run.listed].sort()).toEqual([...run.enabled].sort());
		expect(Object.keys(predicted).length).toBeGreaterThan(0);
		expect(observed).toEqual(predicted);
	});
});

describe(`n8n ${N8N_LEGACY_ROUTING_VERSION}, queue mode: the generated Hermes MCP Tools workflow routes every tool to its own node`, () => {
	const generated = JSON.parse(readFileSync(join(REPO_ROOT, 'workflows', 'hermes-mcp-tools.json'), 'utf8')) as Workflow;
	const odooTools = new Set(CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name));
	let deployed: Workflow;
	let mcp: McpSession;

	beforeAll(async () => {
		// push published every workflow as generated, the tools workflow listed as its sub-workflows' caller.
		if (stack.push.code !== 0) throw new Error(`push exited ${stack.push.code}:\n${stack.push.stdout}\n${stack.push.stderr}`);
		const listed = await api<{ data: Workflow[] }>(stack.n8n, 'GET', `/workflows?name=${encodeURIComponent(generated.name)}`);
		const id = listed.data.find((w) => w.name === generated.name)?.id;
		if (!id) throw new Error(`push left no workflow named ${generated.name}:\n${stack.push.stdout}\n${stack.push.stderr}`);
		const pushed = await api<Workflow>(stack.n8n, 'GET', `/workflows/${id}`);
		const nodes = pushed.nodes.map((node) => (odooTools.has(node.name) ? probes.probe(node.name, node.position, node.id) : node));
		deployed = { name: pushed.name, nodes, connections: pushed.connections, settings: generated.settings };
		await api(stack.n8n, 'PUT', `/workflows/${id}`, deployed);
		await api(stack.n8n, 'POST', `/workflows/${id}/activate`);
		await waitForMcpEndpoint(stack.mcpUrl);
		mcp = await connectMcp(stack.mcpUrl, stack.token);
	}, 180_000);

	afterAll(async () => {
		await mcp?.close();
	});

	it('keeps the generated tool graph (same tools, same connections, none disabled) and HMT002 predicts no misrouting', async () => {
		expect(deployed.nodes.map((n) => n.name).sort()).toEqual(generated.nodes.map((n) => n.name).sort());
		expect(deployed.connections).toEqual(generated.connections);
		expect(deployed.nodes.filter((n) => n.disabled)).toEqual([]);
		const file = join(scratch, 'hermes-mcp-tools.deployed.json');
		writeFileSync(file, JSON.stringify(deployed, null, 2));
		expect(await hmt002Prediction(file)).toEqual({});
	});

	it(`serves no instructions: the trigger of n8n ${N8N_LEGACY_ROUTING_VERSION} has no such parameter, and runs the generated typeVersion 2.1 trigger without it`, () => {
		expect(String(generated.nodes.find((n) => n.name === 'MCP Server Trigger')?.parameters?.instructions)).toContain('"retry"');
		expect(mcp.client.getInstructions()).toBeUndefined();
	});

	it('lists the catalogue tools', async () => {
		expect((await listToolNames(stack.mcpUrl, stack.token)).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
	});

	it('answers each Odoo tool slot with its own node', async () => {
		const rows: Array<[string, string, string]> = [];
		for (const tool of [...odooTools].sort()) rows.push([tool, ranNode((await callTool(mcp, tool, {})).text), tool]);
		process.stdout.write(`${routingTable(`${generated.name} (n8n ${stack.n8n.n8nVersion}, queue mode), the 23 Odoo slots`, rows)}\n`);
		expect(rows.filter(([tool, ran]) => tool !== ran)).toEqual([]);
	});

	it.each(TOOL_CASES.filter((c) => !odooTools.has(c.tool)).map((c) => [c.tool, c] as const))('%s runs its own gateway', async (_tool, toolCase) => {
		toolCase.verify(await callWithEvidence(stack, mcp, toolCase.tool, toolCase.args));
	});
});
