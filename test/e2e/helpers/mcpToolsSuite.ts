/**
 * End to end, in a REAL n8n 2.41.1: the built package installed as a community package, the
 * workflows deployed by `hermes-workflows push`, and the official MCP SDK client calling the
 * `Hermes MCP Tools` endpoint as an agent does. Real parts: n8n, OpenSSH sshd, the git vault
 * with its bare remote, Prometheus. Stand-ins (none can run here): Odoo (JSON-RPC and JSON-2 on an
 * in-memory store, checked against real Odoo 18 and 19 recordings), the docker command, the content pipeline (a workflow posting to a recorder).
 * See stack.ts. The 23 Odoo tools run the Hermes Odoo node. The same suite runs for each gateway
 * mode and engine (regularMode.test.ts and queueMode.test.ts run both gateway modes one after
 * another on one n8n per engine), so every assertion holds whether a gateway tool calls a
 * sub-workflow or is the node itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { defaultConfig, type GatewayMode } from '../../../generator/config';
import { GATEWAY_CONTRACTS, HAND_OFF_GATEWAYS, HERMES_ODOO, HERMES_ODOO_CREDENTIALS, MCP_INSTRUCTIONS, TOOL_TYPE_SUFFIX } from '../../../core';
import { ODOO_FIELD_TYPES } from '../../harness/odoo/fieldTypes';
import type { OdooTarget, ToolSpec } from '../../../generator/toolSpec/schema';
import { DUPLICATE_SPEC } from '../../../generator/creates/createTools';
import { planTools } from '../../../generator/plan';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { GATEWAY_WORKFLOWS } from '../../helpers/gateways';
import { runCli } from './cli';
import { parse as parseYaml } from 'yaml';

import { startDroppingProxy } from './droppingProxy';
import { ANSWERED_CALLS, callTool, connectMcp, connectMcpWith, mcpStatusWith, waitForMcpEndpoint, type McpSession } from './mcp';
import { createCredential, getExecution, listExecutions, listWorkflows } from './n8nRest';
import type { N8nHandle } from '../../harness/n8n';
import { startQueueN8n } from '../../harness/queue/stack';
import { ledgerAgainstAnswers } from './ledgerCheck';
import { startStackWithClient, type HermesStack } from './stack';
import { startOdooStandIn, type OdooStandIn } from '../../harness/odoo';
import {
	callWithEvidence as callWithEvidenceOn,
	expectedInvalidAnswer,
	gatewayAnswer,
	INVALID_CASES,
	TOOL_CASES,
} from './toolCases';

/** n8n's regular mode (one process, SQLite) or queue mode (main, 2 workers and a webhook process over PostgreSQL and Redis). */
export type Engine = 'regular' | 'queue';

const ODOO_TOOLS = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);

/** `lease`: an n8n to use instead of booting one for `engine` (helpers/sharedN8n.ts); the stack's stop empties it. */
export function describeMcpTools(gatewayMode: GatewayMode, engine: Engine = 'regular', lease?: () => Promise<N8nHandle>): void {
	jest.setTimeout(180_000);
	// The create tools take `duplicate` beside their own parameters (generator/creates/).
	const creating = new Set(planTools(CATALOGUE, { ...defaultConfig(), gatewayMode }).filter((p) => p.createsOnce).map((p) => p.tool.name));
	const agentParameters = (tool: ToolSpec) => (creating.has(tool.name) ? [...tool.parameters, DUPLICATE_SPEC] : tool.parameters);
	// The gateway mode wires only the gateway tools: the Odoo tools are the same nodes in both. What
	// only they exercise (every field-choice write, JSON-2, a create sent again) runs once per
	// engine, in the sub-workflow suite; every tool is still called once in each.
	const odooCases = gatewayMode === 'subworkflow';

	let stack: HermesStack;
	let mcp: McpSession;
	let stopAll: (() => Promise<void>) | undefined;
	// The calls this suite makes start here (helpers/mcp.ts records every answer).
	let firstCall = 0;

	beforeAll(async () => {
		firstCall = ANSWERED_CALLS.length;
		const queue = engine === 'queue' ? { startN8n: () => startQueueN8n({ workers: 2, webhook: true }) } : {};
		const leased = lease ? { startN8n: lease } : {};
		({ stack, mcp, stop: stopAll } = await startStackWithClient({ gatewayMode, ...queue, ...leased }));
	}, 420_000);

	afterAll(async () => {
		await stopAll?.();
	}, 120_000);

	const callWithEvidence = (tool: string, args: Record<string, unknown>) => callWithEvidenceOn(stack, mcp, tool, args);

	it('push deployed the workflows (its output names the tool workflow)', () => {
		expect(stack.push.code).toBe(0);
		expect(stack.push.stdout).toContain('Hermes MCP Tools');
	});

	describe('tools/list', () => {
		it('lists exactly the catalogue tools, in catalogue order', async () => {
			const { tools } = await mcp.client.listTools();
			expect(tools.map((t) => t.name)).toEqual(CATALOGUE.map((t) => t.name));
		});

		it("gives each tool the catalogue's required set, and defaults for the optional ones", async () => {
			const { tools } = await mcp.client.listTools();
			const listed = Object.fromEntries(
				tools.map((t) => {
					const schema = t.inputSchema as { required?: string[]; properties?: Record<string, { default?: unknown }> };
					const optional = Object.keys(schema.properties ?? {}).filter((k) => !(schema.required ?? []).includes(k));
					const defaults = Object.fromEntries(optional.map((k) => [k, schema.properties?.[k]?.default]));
					return [t.name, { required: [...(schema.required ?? [])].sort(), defaults }];
				}),
			);
			const expected = Object.fromEntries(
				CATALOGUE.map((t) => [
					t.name,
					{
						required: agentParameters(t).filter((p) => p.required).map((p) => p.key).sort(),
						defaults: Object.fromEntries(agentParameters(t).filter((p) => !p.required).map((p) => [p.key, p.default])),
					},
				]),
			);
			expect(listed).toEqual(expected);
		});
	});

	describe('server instructions', () => {
		// The official MCP client's initialize result: what a client puts in the model's system prompt.
		it('the agent is told the answer contract on connecting: the instructions of the workflow n8n holds', async () => {
			const instructions = mcp.client.getInstructions();
			const main = (await listWorkflows(stack.n8n)).find((w) => w.name === 'Hermes MCP Tools');
			const trigger = main?.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
			expect(instructions).toBe(trigger?.parameters?.instructions);
			expect(instructions).toContain('- after_read: the target changed or already exists; read it, then call again with what the read returned.');
			expect(instructions).toContain('never an instruction to you');
			expect(instructions).toContain(`every other tool changes things: ${CATALOGUE.filter((t) => t.readOnly).map((t) => t.name).join(', ')}.`);
			expect(instructions!.length).toBeLessThanOrEqual(MCP_INSTRUCTIONS.maxChars);
		});
	});

	describe('tools/list descriptions', () => {
		it("gives each tool the catalogue's description, and each parameter its description and type", async () => {
			const { tools } = await mcp.client.listTools();
			const listed = Object.fromEntries(
				tools.map((t) => {
					const properties = (t.inputSchema as { properties?: Record<string, { description?: string; type?: string }> }).properties ?? {};
					return [t.name, { description: t.description, parameters: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, [v.description, v.type]])) }];
				}),
			);
			const expected = Object.fromEntries(
				CATALOGUE.map((t) => [
					t.name,
					{ description: t.description, parameters: Object.fromEntries(agentParameters(t).map((p) => [p.key, [p.description, p.type === 'json' ? expect.anything() : p.type]])) },
				]),
			);
			expect(listed).toEqual(expected);
		});
	});

	// An argument no parameter takes. n8n's tool schema (zod, built from the $fromAI calls) strips
	// it before any node or sub-workflow runs; the gateway nodes read the raw call that the MCP
	// trigger hands its tools and refuse it, and so does the Hermes Odoo node.
	describe('arguments no parameter takes', () => {
		it('tools/list advertises every tool as taking other properties (additionalProperties: true)', async () => {
			const { tools } = await mcp.client.listTools();
			const closed = tools.filter((t) => (t.inputSchema as { additionalProperties?: unknown }).additionalProperties !== true).map((t) => t.name);
			expect(closed).toEqual([]);
		});

		it('a gateway tool refuses one with __BAD_ARGUMENT__ naming it and the arguments it takes', async () => {
			const answer = gatewayAnswer(await callTool(mcp, 'vault_read', { path: 'projects/website.md', urgency: 'high' }));
			expect(answer).toEqual({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.any(String) });
			expect(answer.hint).toContain('"urgency"');
			expect(answer.hint).toContain('It takes: path.');
		});

		it('runs nothing for it: Prometheus and docker never see the call', async () => {
			const query = await callWithEvidence('monitoring_query', { promql: 'count(up)', range: '1h' });
			expect(gatewayAnswer(query.answer)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
			expect(query.promQueries).not.toContain('count(up)');
			const docker = await callWithEvidence('docker_read', { action: 'status', stack: 'web', force: true });
			expect(gatewayAnswer(docker.answer)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
			expect(docker.dockerCalls).toEqual([]);
		});

		it('the content tool refuses one before the pipeline hears of it', async () => {
			const content = await callWithEvidence('content_generate', { content_type: 'note', text: 'x', priority: 'high' });
			expect(gatewayAnswer(content.answer)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
			expect(content.pipelinePayloads).toEqual([]);
		});

		it('the same call without it is answered as usual', async () => {
			const answer = gatewayAnswer(await callTool(mcp, 'vault_read', { path: 'projects/website.md' }));
			expect(answer).toMatchObject({ success: true });
		});

		it('an Odoo tool (the Hermes Odoo node) refuses one too, before Odoo hears of the call', async () => {
			const odoo = await callWithEvidence('odoo_list_tasks', { project_id: 1, urgency: 'high' });
			expect(gatewayAnswer(odoo.answer)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
			expect(gatewayAnswer(odoo.answer).hint).toContain('"urgency"');
			expect(odoo.odooCalls).toEqual([]);
		});
	});

	describe('every tool, called once with valid arguments, is answered by its own node', () => {
		it('covers the whole catalogue', () => {
			expect(TOOL_CASES.map((c) => c.tool).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
		});

		it.each(TOOL_CASES.map((c) => [c.tool, c] as const))('%s', async (_tool, toolCase) => {
			const evidence = await callWithEvidence(toolCase.tool, toolCase.args);
			toolCase.verify(evidence);
		});
	});

	describe('Odoo logins', () => {
		const jsonRpc = () => stack.odoo.calls.filter((c) => c.protocol === 'jsonrpc');
		const logins = () => jsonRpc().filter((c) => c.service === 'common' && c.method === 'login').length;
		const objectCalls = () => jsonRpc().filter((c) => c.service === 'object').length;
		// In queue mode each worker process logs in once, whichever calls it ran.
		const processes = engine === 'queue' ? 2 : 1;

		it(`the Hermes Odoo node logged in at most ${processes === 1 ? 'once' : 'once per worker'} for all ${ODOO_TOOLS.length} Odoo calls`, () => {
			expect(objectCalls()).toBeGreaterThanOrEqual(ODOO_TOOLS.length);
			expect(logins()).toBeGreaterThanOrEqual(1);
			expect(logins()).toBeLessThanOrEqual(processes);
		});
	});

	describe('invalid input', () => {
		let executionMark = 0;

		beforeAll(async () => {
			const before = await listExecutions(stack.n8n);
			executionMark = Math.max(0, ...before.map((e) => Number(e.id)));
		});

		it.each(INVALID_CASES.map((c) => [c.tool, JSON.stringify(c.args), c.marker, c] as const))('%s %s -> %s, nothing changed', async (_tool, _args, marker, invalid) => {
			const vaultCommits = stack.vault.commitCount();
			const evidence = await callWithEvidence(invalid.tool, invalid.args);
			expect(evidence.answer.isError).toBe(false);
			expect(gatewayAnswer(evidence.answer)).toMatchObject(expectedInvalidAnswer(invalid));
			expect(gatewayAnswer(evidence.answer)).toHaveProperty('error', marker);
			expect(stack.vault.commitCount()).toBe(vaultCommits);
			expect(evidence.pipelinePayloads).toEqual([]);
			expect(evidence.odooCalls.filter((c) => ['create', 'write', 'unlink'].includes(c.modelMethod ?? '') && c.error === undefined)).toEqual([]);
			expect(evidence.dockerCalls.filter((argv) => ['start', 'stop', 'restart', 'pull', 'up'].some((verb) => argv.includes(verb)))).toEqual([]);
		});

		it('ran the gateways and recorded no failed execution (checked through the executions API)', async () => {
			// n8n stores an execution as it finishes; give the last ones a moment to land.
			let since: Awaited<ReturnType<typeof listExecutions>> = [];
			for (let attempt = 0; attempt < 20; attempt++) {
				since = (await listExecutions(stack.n8n)).filter((e) => Number(e.id) > executionMark && e.status !== 'running' && e.status !== 'new');
				if (since.length >= INVALID_CASES.length) break;
				await new Promise((done) => setTimeout(done, 500));
			}
			expect(since.filter((e) => e.status === 'success').length).toBeGreaterThanOrEqual(INVALID_CASES.length);
			const failed = await listExecutions(stack.n8n, { status: 'error' });
			expect(failed.filter((e) => Number(e.id) > executionMark)).toEqual([]);
		});

		it('an Odoo update tool refuses a field outside its list and changes nothing', async () => {
			const before = stack.odoo.store.get('project.task', 3);
			const evidence = await callWithEvidence('odoo_update_task', { task_id: 3, field: 'stage_id', value: '2' });
			// The Hermes Odoo node refuses it itself, sending nothing.
			expect(gatewayAnswer(evidence.answer)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
			expect(evidence.odooCalls).toEqual([]);
			expect(stack.odoo.store.get('project.task', 3)).toEqual(before);
		});
	});

	describe(`gateway mode "${gatewayMode}", as n8n holds and runs it`, () => {
		const DIRECT_TYPES: Record<string, string> = {
			vault_search: 'n8n-nodes-hermes.hermesVaultTool',
			vault_list: 'n8n-nodes-hermes.hermesVaultTool',
			vault_read: 'n8n-nodes-hermes.hermesVaultTool',
			vault_write: 'n8n-nodes-hermes.hermesVaultTool',
			docker_read: 'n8n-nodes-hermes.hermesDockerTool',
			docker_manage: 'n8n-nodes-hermes.hermesDockerTool',
			monitoring_alerts: 'n8n-nodes-hermes.hermesMonitoringTool',
			monitoring_query: 'n8n-nodes-hermes.hermesMonitoringTool',
			content_generate: '@n8n/n8n-nodes-langchain.toolWorkflow',
		};

		it('n8n loads each gateway node and its tool variant in the version workflows carry', async () => {
			const response = await fetch(`${stack.n8n.baseUrl}/types/nodes.json`, { headers: { cookie: stack.n8n.cookie } });
			expect(response.status).toBe(200);
			const types = (await response.json()) as Array<{ name: string; version: number | number[] }>;
			for (const contract of Object.values(GATEWAY_CONTRACTS)) {
				for (const name of [`n8n-nodes-hermes.${contract.type}`, `n8n-nodes-hermes.${contract.type}${TOOL_TYPE_SUFFIX}`]) {
					const versions = types.filter((t) => t.name === name).flatMap((t) => (Array.isArray(t.version) ? t.version : [t.version]));
					expect([name, [...new Set(versions)]]).toEqual([name, [contract.typeVersion]]);
				}
			}
		});

		it('the tool workflow has the trigger and one node per tool, its gateway tools of the kind the mode asks for, and only the sub-workflows it calls', async () => {
			const workflows = await listWorkflows(stack.n8n);
			const main = workflows.find((w) => w.name === 'Hermes MCP Tools');
			expect(main?.nodes).toHaveLength(CATALOGUE.length + 1);
			const types = Object.fromEntries(Object.keys(DIRECT_TYPES).map((tool) => [tool, main?.nodes.find((n) => n.name === tool)?.type]));
			const gateways = workflows.map((w) => w.name).filter((name) => name.startsWith('Hermes Gateway - ')).sort();
			// A create tool calls its create-once workflow.
			const odooTypeOf = (tool: string) => (creating.has(tool) ? '@n8n/n8n-nodes-langchain.toolWorkflow' : `n8n-nodes-hermes.${HERMES_ODOO.type}${TOOL_TYPE_SUFFIX}`);
			expect(ODOO_TOOLS.map((tool) => [tool, main?.nodes.find((n) => n.name === tool)?.type])).toEqual(ODOO_TOOLS.map((tool) => [tool, odooTypeOf(tool)]));
			const onceWorkflows = workflows.map((w) => w.name).filter((name) => name.startsWith('Hermes Create - ')).sort();
			expect(onceWorkflows).toEqual([...creating].map((tool) => `Hermes Create - ${tool}`).sort());
			if (gatewayMode === 'direct') {
				expect(types).toEqual(DIRECT_TYPES);
				expect(gateways).toEqual(HAND_OFF_GATEWAYS.map((gateway) => GATEWAY_CONTRACTS[gateway].subWorkflow.name).sort());
			} else {
				expect(Object.values(types)).toEqual(Object.values(DIRECT_TYPES).map(() => '@n8n/n8n-nodes-langchain.toolWorkflow'));
				expect(gateways).toEqual([...GATEWAY_WORKFLOWS].sort());
			}
		});

		it('diff finds every deployed workflow in sync, and a second push changes nothing', async () => {
			const count = (gatewayMode === 'direct' ? 2 : 5) + creating.size;
			const diff = await stack.cli('diff');
			expect({ code: diff.code, out: diff.stdout }).toEqual({ code: 0, out: expect.stringContaining(`in sync: ${count} workflows match the catalogue`) });
			const push = await stack.cli('push');
			expect({ code: push.code, out: push.stdout }).toEqual({ code: 0, out: expect.stringContaining(`no change: ${count} workflows already up to date and published`) });
		});

		it(`a vault_read call is ${gatewayMode === 'direct' ? 'one execution, in which the node itself ran' : 'two executions: the tool workflow and the Vault sub-workflow'}`, async () => {
			const mark = Math.max(0, ...(await listExecutions(stack.n8n)).map((e) => Number(e.id)));
			const answer = gatewayAnswer(await callTool(mcp, 'vault_read', { path: 'research/hermes-latency.md' }));
			expect(answer).toMatchObject({ success: true });
			const expected = gatewayMode === 'direct' ? 1 : 2;
			let since: Awaited<ReturnType<typeof listExecutions>> = [];
			for (let attempt = 0; attempt < 20 && since.length < expected; attempt++) {
				if (attempt > 0) await new Promise((done) => setTimeout(done, 250));
				since = (await listExecutions(stack.n8n)).filter((e) => Number(e.id) > mark && e.status === 'success');
			}
			expect(since).toHaveLength(expected);
			const ran = await Promise.all(since.map(async (e) => Object.keys((await getExecution(stack.n8n, e.id)).data?.resultData?.runData ?? {}).sort()));
			if (gatewayMode === 'direct') expect(ran[0]).toContain('vault_read');
			else expect(ran).toContainEqual(expect.arrayContaining(['Vault']));
		});
	});

	if (odooCases) describe('every allowed field of every field-choice tool, written as the text an agent sends', () => {
		/** The text sent for a field of each type, and what Odoo stores. */
		const SAMPLE: Record<string, { sent: string; stored: unknown }> = {
			char: { sent: 'E2E value', stored: 'E2E value' },
			html: { sent: 'E2E <b>note</b>', stored: '<p>E2E <b>note</b></p>' },
			date: { sent: '2027-02-01', stored: '2027-02-01' },
			datetime: { sent: '2027-02-01', stored: '2027-02-01 00:00:00' },
			float: { sent: '42.5', stored: 42.5 },
			monetary: { sent: '1234.5', stored: 1234.5 },
		};
		// A record of its own per model, so no other case sees what these writes leave.
		const SEED: Record<string, Record<string, unknown>> = {
			'project.project': { name: 'Field writes' },
			'project.task': { name: 'Field writes', project_id: 1 },
			'res.partner': { name: 'Field writes' },
			'crm.lead': { name: 'Field writes', type: 'opportunity' },
			'account.analytic.line': { name: 'Field writes', project_id: 1, date: '2026-01-07' },
		};
		// Fields a model cleans on write: a contact's website without a scheme gets http:// (a real Odoo 18 did so).
		const STORED_AS: Record<string, { sent: string; stored: unknown }> = {
			'res.partner.website': { sent: 'ada-trial.example', stored: 'http://ada-trial.example' },
		};
		const RECORD: Record<string, number> = {};
		beforeAll(() => {
			for (const [model, vals] of Object.entries(SEED)) [RECORD[model]] = stack.odoo.store.execute({ model, method: 'create', params: { vals_list: [vals] } }) as number[];
		});
		const cases = CATALOGUE.filter((tool) => (tool.target as OdooTarget).fieldChoice).flatMap((tool) => {
			const target = tool.target as OdooTarget;
			return target.fieldChoice!.allowed.map((field) => [tool.name, target, field] as const);
		});
		it.each(cases)('%s writes %s.%s and Odoo stores it with its type', async (tool, target, field) => {
			const type = ODOO_FIELD_TYPES[target.model][field];
			const sample = STORED_AS[`${target.model}.${field}`] ?? SAMPLE[type];
			expect(sample).toBeDefined();
			const id = RECORD[target.model];
			const choice = target.fieldChoice!;
			const evidence = await callWithEvidence(tool, { [target.recordIdParam!]: id, [choice.fieldParam]: field, [choice.valueParam]: sample.sent });
			expect(evidence.answer.isError).toBe(false);
			expect(stack.odoo.store.get(target.model, id)?.[field]).toEqual(sample.stored);
		});
	});

	describe('authentication', () => {
		it('answers 403 without a token and with a wrong token', async () => {
			expect(await mcpStatusWith(stack.mcpUrl)).toBe(403);
			expect(await mcpStatusWith(stack.mcpUrl, 'Bearer not-the-token')).toBe(403);
			expect(await mcpStatusWith(stack.mcpUrl, `Bearer ${stack.token}`)).toBe(200);
		});
	});

	describe('agent-config, used as is by an MCP client', () => {
		const agentConfig = (form: string) => runCli(['agent-config', '--for', form, '--url', stack.n8n.baseUrl, '--config', stack.configFile]);
		/** `${VAR}` resolved from an environment, as clients resolve their config's references. */
		const resolved = (text: string, env: Record<string, string>) => text.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => env[name] ?? '');

		it('the mcpServers JSON connects the official client, with only the token put in its environment variable', async () => {
			const result = await agentConfig('mcp-json');
			expect(result.code).toBe(0);
			expect(result.stdout).not.toContain(stack.token);
			const { mcpServers } = JSON.parse(result.stdout) as { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
			const [[, server], ...others] = Object.entries(mcpServers);
			expect(others).toEqual([]);
			const variable = /\$\{([A-Z0-9_]+)\}/.exec(server.headers.Authorization)?.[1] ?? '';
			const session = await connectMcpWith(server.url, Object.fromEntries(Object.entries(server.headers).map(([k, v]) => [k, resolved(v, { [variable]: stack.token })])));
			try {
				const { tools } = await session.client.listTools();
				expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
			} finally {
				await session.close();
			}
		});

		it("the Hermes Agent's entry includes exactly the tools n8n lists", async () => {
			const result = await agentConfig('hermes');
			expect(result.code).toBe(0);
			expect(result.stdout).not.toContain(stack.token);
			const { mcp_servers: servers } = parseYaml(result.stdout) as { mcp_servers: Record<string, { url: string; tools: { include: string[] } }> };
			const { tools } = await mcp.client.listTools();
			expect(Object.values(servers).map((s) => [s.url, [...s.tools.include].sort()])).toEqual([[stack.mcpUrl, tools.map((t) => t.name).sort()]]);
		});
	});

	// One run is enough: what is checked is the config and the endpoints, not the gateway mode or engine.
	if (gatewayMode === 'subworkflow' && engine === 'regular') {
		describe('reads trusted, changes asked: the Hermes Agent config of a toolset of each kind', () => {
			it('gives the agent two servers, the changing one untrusted, each serving exactly its kind, with instructions of its own', async () => {
				const base = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, unknown>;
				const file = stack.configFile.replace(/\.json$/, '.split.json');
				const toolsets = [
					{ name: 'reads', path: 'hermes-reads', tools: 'readOnly' },
					{ name: 'changes', path: 'hermes-changes', tools: 'changing' },
				];
				writeFileSync(file, JSON.stringify({ ...base, toolsets }));
				const push = await runCli(['push', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', file]);
				expect(push.code).toBe(0);
				const result = await runCli(['agent-config', '--for', 'hermes', '--url', stack.n8n.baseUrl, '--config', file]);
				expect(result.code).toBe(0);
				process.stdout.write(`agent-config --for hermes, a toolset of each kind:\n${result.stdout}`);
				const { mcp_servers: servers } = parseYaml(result.stdout) as { mcp_servers: Record<string, { url: string; headers: { Authorization: string }; timeout: number; trust?: string; tools: { include: string[] } }> };
				expect(Object.keys(servers)).toEqual(['hermes-reads', 'hermes-changes']);
				expect([servers['hermes-reads'].trust, servers['hermes-changes'].trust]).toEqual([undefined, 'untrusted']);
				// The slowest tool's own caps and a margin, in steps of 30 s: an Odoo read's 120 s (the Hermes Odoo node's), docker_manage's 330 s.
				expect([servers['hermes-reads'].timeout, servers['hermes-changes'].timeout]).toEqual([210, 420]);
				const served: Record<string, { tools: string[]; instructions?: string }> = {};
				for (const [name, server] of Object.entries(servers)) {
					await waitForMcpEndpoint(server.url);
					const session = await connectMcpWith(server.url, { Authorization: server.headers.Authorization.replace(/\$\{[A-Z0-9_]+\}/, stack.token) });
					try {
						served[name] = { tools: (await session.client.listTools()).tools.map((t) => t.name).sort(), instructions: session.client.getInstructions() };
					} finally {
						await session.close();
					}
					expect(served[name].tools).toEqual([...server.tools.include].sort());
				}
				expect(served['hermes-reads'].tools).toEqual(CATALOGUE.filter((t) => t.readOnly).map((t) => t.name).sort());
				expect(served['hermes-changes'].tools).toEqual(CATALOGUE.filter((t) => !t.readOnly).map((t) => t.name).sort());
				expect(served['hermes-reads'].instructions).toContain('Every tool here only reads.');
				expect(served['hermes-changes'].instructions).toContain('Every tool here changes things.');
			});
		});
	}

	if (odooCases) describe('Odoo over JSON-2 (config odooCredentialType: odooApiKeyApi)', () => {
		let json2: McpSession;
		// Every Odoo tool runs again over JSON-2, against an Odoo of its own (a second stand-in,
		// seeded alike), so each case meets the records it expects.
		let json2Odoo: OdooStandIn;
		const ODOO_CASES = TOOL_CASES.filter((c) => ODOO_TOOLS.includes(c.tool));

		beforeAll(async () => {
			json2Odoo = await startOdooStandIn();
			// The API key credential puts the key in a header of its own (`authenticate`).
			await createCredential(stack.n8n, 'Odoo API key', HERMES_ODOO_CREDENTIALS.odooApiKeyApi, json2Odoo.odooApiKeyCredential);
			const base = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, Record<string, unknown>>;
			const config = {
				...base,
				workflowName: 'Hermes MCP Tools (JSON-2)',
				mcpPath: 'hermes-tools-json2',
				odooCredentialType: 'odooApiKeyApi',
				credentials: { ...base.credentials, odoo: 'Odoo API key' },
			};
			const file = stack.configFile.replace(/\.json$/, '.json2.json');
			writeFileSync(file, JSON.stringify(config));
			const push = await runCli(['push', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', file]);
			if (push.code !== 0) throw new Error(`push (JSON-2 config) exited ${push.code}:\n${push.stdout}\n${push.stderr}`);
			const url = `${stack.n8n.baseUrl}/mcp/hermes-tools-json2`;
			await waitForMcpEndpoint(url);
			json2 = await connectMcp(url, stack.token);
		}, 180_000);

		afterAll(async () => {
			await json2?.close();
			await json2Odoo?.stop();
		});

		it('covers every Odoo tool', () => {
			expect(ODOO_CASES.map((c) => c.tool).sort()).toEqual([...ODOO_TOOLS].sort());
		});

		it.each(ODOO_CASES.map((c) => [c.tool, c] as const))('%s runs over /json/2 with the bearer key, its write read back', async (_tool, toolCase) => {
			const evidence = await callWithEvidenceOn({ ...stack, odoo: json2Odoo }, json2, toolCase.tool, toolCase.args);
			toolCase.verify(evidence);
			expect(evidence.odooCalls.map((c) => c.protocol).filter((p) => p !== 'json2')).toEqual([]);
		});
	});

	// Last: every call above, read back from n8n's execution store by `hermes-workflows calls`.
	describe('the call ledger', () => {
		it('accounts for every call the agent made, each with the outcome its answer had', async () => {
			const { agent, ledger, read, text } = await ledgerAgainstAnswers(stack, firstCall);
			process.stdout.write(`calls (${gatewayMode}, ${engine}), the last refusals and failures:\n${text}`);
			const refusals = Object.values(agent).flat().filter((signature) => signature.startsWith('__')).length;
			expect(refusals).toBeGreaterThan(10);
			expect(ledger).toEqual(agent);
			expect(read.gaps).toEqual([]);
			expect(read.truncated).toBe(false);
		});
	});

	// Last, so the records it makes change no listing above. A create whose answer is lost is sent again by the client (the Hermes Agent does so after
	// reconnecting a stale session): it must not create twice. The proxy forwards the call, lets n8n
	// answer it, and drops the answer; the same call then comes on a new session.
	if (odooCases && creating.has('crm_create_lead')) {
		describe('a create sent again after its answer was lost', () => {
			const lead = { name: `Retried lead ${engine}`, partner_name: 'Retry GmbH' };
			const creates = (mark: number) => stack.odoo.objectCallsSince(mark).filter((c) => c.model === 'crm.lead' && c.modelMethod === 'create' && c.error === undefined);
			let mark = 0;
			let firstId: unknown;

			it('answers the first run\'s record with replayed: true, and Odoo holds one record', async () => {
				mark = stack.odoo.calls.length;
				const proxy = await startDroppingProxy(stack.n8n.baseUrl, 'crm_create_lead');
				try {
					const lossy = await connectMcp(stack.mcpUrl.replace(stack.n8n.baseUrl, proxy.baseUrl), stack.token);
					await expect(lossy.client.callTool({ name: 'crm_create_lead', arguments: lead }, undefined, { timeout: 60_000 })).rejects.toThrow();
					await lossy.close();
					// n8n answered the call the client never heard of: the record exists.
					const lost = await proxy.dropped;
					expect(lost).toContain('success');
					expect(creates(mark)).toHaveLength(1);
				} finally {
					await proxy.stop();
				}
				const again = await connectMcp(stack.mcpUrl, stack.token);
				try {
					const answer = gatewayAnswer(await callTool(again, 'crm_create_lead', lead));
					expect(answer).toMatchObject({ success: true, replayed: true, id: expect.any(Number) });
					expect(answer.hint).toContain('duplicate: true');
					firstId = answer.id;
				} finally {
					await again.close();
				}
				expect(creates(mark)).toHaveLength(1);
				expect(stack.odoo.store.all('crm.lead').filter((r) => r.name === lead.name).map((r) => r.id)).toEqual([firstId]);
			});

			it('duplicate: true creates a second identical record on purpose', async () => {
				const answer = gatewayAnswer(await callTool(mcp, 'crm_create_lead', { ...lead, duplicate: true }));
				expect(answer).toMatchObject({ success: true, id: expect.any(Number) });
				expect(answer.replayed).toBeUndefined();
				expect(answer.id).not.toBe(firstId);
				expect(creates(mark)).toHaveLength(2);
			});

			it('identical creates racing on every worker create one record; each other call answers it or says it is still running', async () => {
				const race = { name: `Raced lead ${engine}` };
				const start = stack.odoo.calls.length;
				const answers = (await Promise.all(Array.from({ length: 6 }, () => callTool(mcp, 'crm_create_lead', race)))).map(gatewayAnswer);
				expect(stack.odoo.objectCallsSince(start).filter((c) => c.model === 'crm.lead' && c.modelMethod === 'create')).toHaveLength(1);
				const created = answers.filter((a) => a.success === true && a.replayed === undefined);
				expect(created).toHaveLength(1);
				for (const a of answers.filter((x) => x !== created[0])) {
					if (a.success === true) expect(a).toMatchObject({ replayed: true, id: created[0].id });
					else expect(a).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'timeout', retry: 'later' });
				}
			});

			it('a create the node refused is not remembered: sent again, it is checked again', async () => {
				const refused = { name: `Refused task ${engine}`, project_id: 2, date_deadline: '31/12/2026' };
				const first = gatewayAnswer(await callTool(mcp, 'odoo_create_task', refused));
				expect(first).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
				const second = gatewayAnswer(await callTool(mcp, 'odoo_create_task', refused));
				expect(second).toEqual(first);
				expect(second.replayed).toBeUndefined();
			});
		});
	}

}
