/**
 * End to end, in a REAL n8n 2.41.1: the built package installed as a community package, the
 * workflows deployed by `hermes-workflows push`, and the official MCP SDK client calling the
 * `Hermes MCP Tools` endpoint as an agent does. Real parts: n8n, OpenSSH sshd, the git vault
 * with its bare remote, Prometheus. Stand-ins (none can run here): Odoo (JSON-RPC server on an
 * in-memory store), the docker command, the content pipeline (a workflow posting to a recorder).
 * See helpers/stack.ts. n8n boots once for the file.
 */
import { CATALOGUE } from '../../generator/catalogue';
import { callTool, connectMcp, mcpStatusWith, type McpSession } from './helpers/mcp';
import { listExecutions } from './helpers/n8nRest';
import { startHermesStack, type HermesStack } from './helpers/stack';
import { gatewayAnswer, INVALID_CASES, TOOL_CASES, type CallEvidence } from './helpers/toolCases';

jest.setTimeout(180_000);

let stack: HermesStack;
let mcp: McpSession;

beforeAll(async () => {
	stack = await startHermesStack();
	mcp = await connectMcp(stack.mcpUrl, stack.token);
}, 420_000);

afterAll(async () => {
	await mcp?.close();
	await stack?.stop();
}, 120_000);

async function callWithEvidence(tool: string, args: Record<string, unknown>): Promise<CallEvidence> {
	const odooMark = stack.odoo.calls.length;
	const dockerMark = stack.docker.calls().length;
	const pipelineMark = stack.pipeline.received.length;
	const promMark = (await stack.prometheus.loggedQueries()).length;
	const answer = await callTool(mcp, tool, args);
	return {
		stack,
		answer,
		odooCalls: stack.odoo.calls.slice(odooMark),
		dockerCalls: stack.docker.calls().slice(dockerMark),
		pipelinePayloads: stack.pipeline.received.slice(pipelineMark),
		promQueries: (await stack.prometheus.loggedQueries()).slice(promMark),
	};
}

it('push deployed the workflows (its output names the tool workflow)', () => {
	expect(stack.push.code).toBe(0);
	expect(stack.push.stdout).toContain('Hermes MCP Tools');
});

describe('tools/list', () => {
	it('lists exactly the 32 catalogue tools', async () => {
		const { tools } = await mcp.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
		expect(tools).toHaveLength(32);
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
					required: t.parameters.filter((p) => p.required).map((p) => p.key).sort(),
					defaults: Object.fromEntries(t.parameters.filter((p) => !p.required).map((p) => [p.key, p.default])),
				},
			]),
		);
		expect(listed).toEqual(expected);
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

describe('invalid input', () => {
	let executionMark = 0;

	beforeAll(async () => {
		const before = await listExecutions(stack.n8n);
		executionMark = Math.max(0, ...before.map((e) => Number(e.id)));
	});

	it.each(INVALID_CASES.map((c) => [c.tool, c.marker, c] as const))('%s -> %s, nothing changed', async (_tool, marker, invalid) => {
		const vaultCommits = stack.vault.commitCount();
		const evidence = await callWithEvidence(invalid.tool, invalid.args);
		expect(evidence.answer.isError).toBe(false);
		expect(gatewayAnswer(evidence.answer)).toMatchObject({ success: false, error: marker, hint: expect.any(String) });
		expect(stack.vault.commitCount()).toBe(vaultCommits);
		expect(evidence.pipelinePayloads).toEqual([]);
		expect(evidence.dockerCalls.filter((argv) => ['start', 'stop', 'restart', 'pull', 'up'].some((verb) => argv.includes(verb)))).toEqual([]);
	});

	it('ran the gateways and recorded no failed execution (checked through the executions API)', async () => {
		const since = (await listExecutions(stack.n8n)).filter((e) => Number(e.id) > executionMark);
		expect(since.filter((e) => e.status === 'success').length).toBeGreaterThanOrEqual(INVALID_CASES.length);
		const failed = await listExecutions(stack.n8n, { status: 'error' });
		expect(failed.filter((e) => Number(e.id) > executionMark)).toEqual([]);
	});

	it('an Odoo update tool refuses a field outside its list and changes nothing', async () => {
		const before = stack.odoo.store.get('project.task', 3);
		const evidence = await callWithEvidence('odoo_update_task', { task_id: 3, field: 'stage_id', value: '2' });
		expect(evidence.answer.text).toMatch(/refused_field_stage_id/);
		expect(stack.odoo.store.get('project.task', 3)).toEqual(before);
	});
});

describe('authentication', () => {
	it('answers 403 without a token and with a wrong token', async () => {
		expect(await mcpStatusWith(stack.mcpUrl)).toBe(403);
		expect(await mcpStatusWith(stack.mcpUrl, 'Bearer not-the-token')).toBe(403);
		expect(await mcpStatusWith(stack.mcpUrl, `Bearer ${stack.token}`)).toBe(200);
	});
});
