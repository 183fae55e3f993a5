import { lintWorkflow } from '../../../../generator/lint';
import { MCP_INSTRUCTIONS } from '../../../../core';
import { mcpWorkflow, tool, toolWorkflow, TRIGGER } from './build';

const codes = (workflow: unknown, manifest?: unknown) => lintWorkflow(workflow, { manifest }).map((f) => f.code);
const messages = (workflow: unknown, code: string, manifest?: unknown) =>
	lintWorkflow(workflow, { manifest })
		.filter((f) => f.code === code)
		.map((f) => f.message);
const fromAi = (text: string) => ({ url: `={{ ${text} }}` });

describe('tool consumers', () => {
	it('checks tools of an AI agent as well as of an MCP trigger', () => {
		const agent = { ...TRIGGER, name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', webhookId: undefined };
		const workflow = mcpWorkflow([tool('a_tool'), tool('b_tool', {}, { disabled: true }), tool('c_tool')], agent);
		expect(codes(workflow)).toEqual(['HMT001', 'HMT002']);
	});

	it('ignores a disabled consumer: it serves no tools', () => {
		const workflow = mcpWorkflow([tool('a_tool'), tool('b_tool', {}, { disabled: true }), tool('c_tool')], {
			...TRIGGER,
			disabled: true,
		});
		expect(codes(workflow)).toEqual([]);
	});
});

describe('tool names (HMT003-HMT005)', () => {
	it.each([
		['get_weather', []],
		['Get-Weather_2', []],
		['get weather', ['HMT004']],
		['météo', ['HMT004']],
		['a'.repeat(64), []],
		['a'.repeat(65), ['HMT005']],
		[`${'a'.repeat(60)} b c d e`, ['HMT004', 'HMT005']],
	])('%s -> %j', (name, expected) => {
		expect(codes(mcpWorkflow([tool(name)]))).toEqual(expected);
	});

	it('finds names that collide only after mangling, and long names cut to the same 64', () => {
		expect(messages(mcpWorkflow([tool('get data'), tool('get_data')]), 'HMT003')).toEqual([
			'tools "get_data" and "get data" of "MCP Server Trigger" are both named "get_data"',
		]);
		const long = 'x'.repeat(64);
		expect(codes(mcpWorkflow([tool(`${long}_one`), tool(`${long}_two`)]))).toContain('HMT003');
	});

	it('does not count a disabled node as a duplicate (n8n drops it before the name check)', () => {
		const workflow = mcpWorkflow([tool('get data', {}, { disabled: true }), tool('get_data')]);
		expect(codes(workflow)).toEqual(['HMT001']);
	});

	it('names a toolWorkflow up to 2.1 from its name parameter, from 2.2 from the node name', () => {
		const v21 = toolWorkflow('Vault Search', { q: "={{ $fromAI('q', 'Query') }}" }, [{ id: 'q' }], 2.1);
		v21.parameters.name = 'vault_search';
		expect(codes(mcpWorkflow([v21]))).toEqual([]);
		v21.parameters.name = 'vault search';
		expect(messages(mcpWorkflow([v21]), 'HMT004')).toEqual([
			'tool name "vault search" (parameter "name") is not a valid tool name',
		]);
		const v22 = toolWorkflow('Vault Search', { q: "={{ $fromAI('q', 'Query') }}" }, [{ id: 'q' }]);
		v22.parameters.name = 'vault_search';
		expect(codes(mcpWorkflow([v22]))).toEqual(['HMT004']);
	});
});

describe('$fromAI rules (HMT006-HMT008)', () => {
	it('reports each malformed call with the parameter path', () => {
		const [finding] = lintWorkflow(mcpWorkflow([tool('t', { options: { q: "={{ $fromAI('a b') }}" } })]));
		expect(finding).toMatchObject({ code: 'HMT006', node: 't', path: 'parameters.options.q' });
	});

	it('skips disabled nodes (HMT001 already covers a wired one)', () => {
		const workflow = mcpWorkflow([tool('t', fromAi("$fromAI('a b')"), { disabled: true })]);
		expect(codes(workflow)).toEqual(['HMT001']);
	});

	it.each([
		['same description and type', "$fromAI('k', 'd')", "$fromAI('k', 'd', 'string', 'x')", []],
		['another description', "$fromAI('k', 'd')", "$fromAI('k', 'other')", ['HMT007']],
		['another type', "$fromAI('k', 'd')", "$fromAI('k', 'd', 'number')", ['HMT007']],
		['another key', "$fromAI('k', 'd')", "$fromAI('j', 'other')", []],
	])('a key used twice with %s', (_what, first, second, expected) => {
		const workflow = mcpWorkflow([tool('t', { a: `={{ ${first} }}`, b: `={{ ${second} }}` })]);
		expect(codes(workflow)).toEqual(expected);
	});

	it.each([
		['Optional filter', true],
		['Filter, optionally by name', true],
		['Stage id; if omitted the first stage', true],
		['Leave empty to keep the current value', true],
		['Tag name, can be left blank', true],
		['Max rows, defaults to 20', true],
		['Project id, if not given all projects', true],
		['This field is not optional', false],
		['A non-optional id', false],
		['Project id', false],
	])('"%s" without a default -> flagged: %s', (description, flagged) => {
		const workflow = mcpWorkflow([tool('t', fromAi(`$fromAI('k', '${description}')`))]);
		expect(codes(workflow)).toEqual(flagged ? ['HMT008'] : []);
		const withDefault = mcpWorkflow([tool('t', fromAi(`$fromAI('k', '${description}', 'string', '')`))]);
		expect(codes(withDefault)).toEqual([]);
	});
});

describe('toolWorkflow (HMT009, HMT010)', () => {
	const field = { id: 'q', type: 'string' };
	it.each([
		['schema and $fromAI', { q: "={{ $fromAI('q', 'Query') }}" }, [field], []],
		['no schema', { q: "={{ $fromAI('q', 'Query') }}" }, [], ['HMT009']],
		['no $fromAI', { q: '={{ $json.q }}' }, [field], ['HMT010']],
		['$fromAI but no schema, and a fixed field', { q: "={{ $fromAI('q', 'Query') }}", mode: 'fast' }, [], ['HMT009']],
		['neither: a deliberate one-string tool', {}, [], []],
	])('%s', (_what, value, schema, expected) => {
		expect(codes(mcpWorkflow([toolWorkflow('vault_search', value, schema)]))).toEqual(expected);
	});

	it('leaves toolWorkflow 1.x alone (it had no workflowInputs)', () => {
		expect(codes(mcpWorkflow([toolWorkflow('vault_search', {}, [], 1.3)]))).toEqual([]);
	});
});

describe('MCP trigger (HMT011, HMT012)', () => {
	it.each([
		[{ authentication: 'bearerAuth' }, '0b5e', []],
		[{ authentication: 'headerAuth' }, '0b5e', []],
		[{ authentication: 'none' }, '0b5e', ['HMT011']],
		[{}, '0b5e', ['HMT011']],
		[{ authentication: 'bearerAuth' }, undefined, ['HMT012']],
		[{ authentication: 'bearerAuth' }, ' ', ['HMT012']],
	])('%j with webhookId %j -> %j', (parameters, webhookId, expected) => {
		const trigger = { ...TRIGGER, parameters: { path: 'p', ...parameters }, webhookId };
		expect(codes(mcpWorkflow([tool('t')], trigger))).toEqual(expected);
	});
});

describe('manifest (HMT013)', () => {
	const workflow = mcpWorkflow([tool('a_tool'), tool('b_tool')], TRIGGER, 'Hermes MCP Tools');
	const entry = (name: string, nodeIndex: number, aiToolIndex: number) => ({
		tool: name,
		nodeName: name,
		nodeIndex,
		aiToolIndex,
		sensitive: false,
	});
	const good = { workflow: 'Hermes MCP Tools', tools: [entry('a_tool', 1, 0), entry('b_tool', 2, 1)] };

	it('accepts a manifest in sync, and is silent without one', () => {
		expect(codes(workflow, good)).toEqual([]);
		expect(codes(workflow)).toEqual([]);
	});

	it.each([
		['another workflow name', { ...good, workflow: 'Other' }, /for workflow "Other"/],
		['a missing tool', { ...good, tools: [entry('a_tool', 1, 0)] }, /"b_tool" is wired but missing/],
		['an unknown node', { ...good, tools: [...good.tools, entry('c_tool', 3, 2)] }, /names node "c_tool", which is not/],
		['a wrong nodeIndex', { ...good, tools: [entry('a_tool', 2, 0), entry('b_tool', 2, 1)] }, /nodeIndex 2, workflow has the node at 1/],
		['a wrong aiToolIndex', { ...good, tools: [entry('a_tool', 1, 1), entry('b_tool', 2, 1)] }, /aiToolIndex 1, workflow wires it at 0/],
		['a wrong tool name', { ...good, tools: [{ ...entry('a_tool', 1, 0), tool: 'x' }, entry('b_tool', 2, 1)] }, /names this tool "a_tool"/],
		['not a manifest', { workflow: 'Hermes MCP Tools' }, /not a tool manifest: tools: Required/],
	])('reports %s', (_what, manifest, message) => {
		const found = messages(workflow, 'HMT013', manifest);
		expect(found).toHaveLength(1);
		expect(found[0]).toMatch(message);
	});

	it('reports a manifest entry whose node is no longer wired', () => {
		const unwired = { ...workflow, connections: { a_tool: workflow.connections.a_tool } };
		expect(messages(unwired, 'HMT013', good)).toEqual(['tool "b_tool": the node is not wired as a tool']);
	});
});

describe('secrets in parameters (HMT014)', () => {
	const header = (name: string, value: string) => ({ headerParameters: { parameters: [{ name, value }] } });
	it.each([
		['a literal Authorization bearer header', header('Authorization', 'Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0')],
		['a literal x-api-key header', header('X-API-Key', '3f2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c')],
		['a bearer token in a URL', { url: 'https://x.test/?h=Bearer abcdefgh12345678' }],
		['a password field', { options: { password: 'hunter2' } }],
		['an apiKey field of 32 hex', { apiKey: '0123456789abcdef0123456789abcdef' }],
		['a private key', { body: `-----BEGIN OPENSSH PRIVATE KEY-----\n${'b3BlbnNzaC1rZXktdjEAAAAA'.repeat(3)}\n-----END OPENSSH PRIVATE KEY-----` }],
		['a GitHub token inside an expression', { url: "={{ 'https://x.test/?t=ghp_' + 'x' }} ghp_abcdefghijklmnopqrstuvwxyz0123456789" }],
		['an OpenAI-style key', { jsonBody: '{"key": "sk-abcdefghijklmnopqr5tuvwx"}' }],
		['an AWS access key id', { jsonBody: 'AKIAZ7Q3LM4NP2RS8TUV' }],
		['a JWT', { jsonBody: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnop' }],
	])('flags %s', (_what, parameters) => {
		const found = lintWorkflow(mcpWorkflow([tool('t', parameters)])).filter((f) => f.code === 'HMT014');
		expect(found).toHaveLength(1);
		expect(found[0].node).toBe('t');
	});

	it.each([
		['an expression header', header('Authorization', '={{ $env.TOKEN }}')],
		['an expression bearer', { url: "={{ 'Bearer ' + $env.TOKEN }}" }],
		['an empty password', { password: '' }],
		["n8n's blank credential marker", { password: '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6' }],
		['authentication by credential', { authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth' }],
		['token-like names that are not secrets', { maxTokens: '200', tokenType: 'bearer', sendHeaders: true }],
		['an ordinary header', header('Accept', 'application/json')],
		['prose about bearer auth', { toolDescription: 'Bearer required (403 without a token); uses Bearer authentication' }],
		['a bearer placeholder in prose', { text: 'Send the header as Bearer YOUR_TOKEN_HERE' }],
	])('leaves %s alone', (_what, parameters) => {
		expect(codes(mcpWorkflow([tool('t', parameters)]))).toEqual([]);
	});

	it('never prints the secret itself', () => {
		const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
		const [finding] = lintWorkflow(mcpWorkflow([tool('t', { token: secret })]));
		expect(JSON.stringify(finding)).not.toContain(secret);
	});

	it('checks disabled and unwired nodes too: the secret is in the file either way', () => {
		const workflow = mcpWorkflow([]);
		workflow.nodes.push(tool('old', { password: 'p4ssw0rd!' }, { disabled: true }));
		expect(codes(workflow)).toEqual(['HMT014']);
	});
});

describe('dangling connections (HMT015)', () => {
	it('reports a connection to a node that does not exist', () => {
		const workflow = mcpWorkflow([tool('t')]);
		(workflow.connections as Record<string, unknown>).t = {
			ai_tool: [[{ node: 'Gone', type: 'ai_tool', index: 0 }, { node: TRIGGER.name, type: 'ai_tool', index: 0 }]],
		};
		expect(messages(workflow, 'HMT015')).toEqual(['ai_tool connection from "t" goes to "Gone", which is not a node']);
	});
});

describe('approval links over plain http (HMT018)', () => {
	const link = (base: string, secret = "'#s='") => ({ text: `={{ 'Open: ' + '${base}/webhook/hermes-approval?id=' + $json.approval_id + ${secret} + $json.secret }}` });
	const notify = (parameters: Record<string, unknown>) => ({ name: 'Gate', nodes: [tool('Notify approver', parameters)], connections: {} });

	it.each([
		['an http link to a named host', link('http://n8n.example.com'), 'n8n.example.com'],
		['an http link to a LAN address with a port', link('http://192.168.1.20:5678'), '192.168.1.20'],
		['an http link to a public IPv6 address', link('http://[2001:db8::1]:5678'), '[2001:db8::1]'],
		['an http link with the secret in the query, as older gates wrote it', link('http://n8n.example.com', "'&s='"), 'n8n.example.com'],
		['a host that only starts like loopback', link('http://127.0.0.1.example.com'), '127.0.0.1.example.com'],
	])('flags %s', (_what, parameters, host) => {
		const found = lintWorkflow(notify(parameters)).filter((f) => f.code === 'HMT018');
		expect(found.map((f) => [f.node, f.severity])).toEqual([['Notify approver', 'warning']]);
		expect(found[0].message).toContain(`plain http to ${host}`);
	});

	it.each([
		['an https link', link('https://n8n.example.com')],
		['http on 127.0.0.1', link('http://127.0.0.1:5678')],
		['http on another 127/8 address', link('http://127.8.9.10')],
		['http on localhost', link('http://localhost:5678')],
		['http on a localhost subdomain', link('http://n8n.localhost')],
		['http on ::1', link('http://[::1]:5678')],
		['an http URL that is not an approval link', { text: "={{ 'See http://n8n.example.com/webhook/other?id=' + $json.id }}" }],
		['an http link without a secret', { url: 'http://n8n.example.com/webhook/hermes-approval?id=1' }],
	])('leaves %s alone', (_what, parameters) => {
		expect(codes(notify(parameters))).toEqual([]);
	});
});

describe('MCP server instructions (HMT019, HMT020)', () => {
	const trigger = (typeVersion: number, parameters: Record<string, unknown>, extra: Partial<typeof TRIGGER> = {}) =>
		mcpWorkflow([tool('a_tool')], { ...TRIGGER, typeVersion, parameters: { ...TRIGGER.parameters, ...parameters }, ...extra });
	const limit = MCP_INSTRUCTIONS.maxChars;

	it.each([
		['2.1 without the parameter', trigger(2.1, {}), ['HMT019']],
		['2.1 with empty instructions', trigger(2.1, { instructions: '' }), ['HMT019']],
		['2.1 with only white space', trigger(2.1, { instructions: ' \n\t' }), ['HMT019']],
		['a later version without them', trigger(2.2, {}), ['HMT019']],
		['2.1 with instructions', trigger(2.1, { instructions: 'Answers are JSON.' }), []],
		['2.1 with an expression', trigger(2.1, { instructions: '={{ $vars.instructions }}' }), []],
		['version 2, which has no such parameter', trigger(2, {}), []],
		['version 1.1', trigger(1.1, {}), []],
		['a disabled 2.1 trigger', trigger(2.1, {}, { disabled: true }), []],
		[`instructions of exactly ${limit} characters`, trigger(2.1, { instructions: 'x'.repeat(limit) }), []],
		[`instructions of ${limit + 1} characters`, trigger(2.1, { instructions: 'x'.repeat(limit + 1) }), ['HMT020']],
		['too long on version 2, where n8n sends none', trigger(2, { instructions: 'x'.repeat(limit + 1) }), []],
	])('%s -> %j', (_what, workflow, expected) => {
		expect(codes(workflow)).toEqual(expected);
	});

	it('says how long they are and where', () => {
		const found = lintWorkflow(trigger(2.1, { instructions: 'x'.repeat(limit + 5) })).filter((f) => f.code === 'HMT020');
		expect(found.map((f) => [f.node, f.path, f.severity, f.message])).toEqual([['MCP Server Trigger', 'parameters.instructions', 'warning', `MCP trigger "MCP Server Trigger" has ${limit + 5} characters of instructions, over ${limit}`]]);
	});
});
