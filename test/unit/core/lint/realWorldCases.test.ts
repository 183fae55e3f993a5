/**
 * One table per rule that linting public workflows got wrong: true cases next to false ones,
 * each false case named after the real-world pattern it stands for.
 */
import { lintWorkflow, type Finding } from '../../../../generator/lint';
import { mcpWorkflow, tool, toolWorkflow, TRIGGER, type TestNode } from './build';

const AGENT: TestNode = {
	name: 'AI Agent',
	type: '@n8n/n8n-nodes-langchain.agent',
	typeVersion: 1.7,
	parameters: { options: {} },
	position: [0, 0],
};

const of = (code: string, workflow: unknown): Finding[] => lintWorkflow(workflow).filter((f) => f.code === code);
const severities = (code: string, workflow: unknown) => of(code, workflow).map((f) => f.severity);

describe('HMT014 secret-in-parameters', () => {
	const header = (name: string, value: string) => ({ headerParameters: { parameters: [{ name, value }] } });
	const basic = Buffer.from('reports:Xk9#mQ2vLp').toString('base64');
	it.each([
		['a 32-hex API key in a header', header('X-API-Key', '7c4a8d09ca3762af61e59520943dc264')],
		['a pcsk_ key', header('Api-Key', 'pcsk_3xYq7_Kd82LmPq9RzT4vWb6NcH1jS5fA')],
		['an sk- key', { jsonBody: '{"model": "x", "key": "sk-proj-8fK2mQ9xLp3vR7tZ1wYb"}' }],
		['a Basic base64 user:password pair', header('Authorization', `Basic ${basic}`)],
		['a Bearer JWT', header('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZXJ2aWNlLTQyIn0.k3X9qLmN2pR7sT4vW8yZ')],
		['a Bearer UUID key', header('Authorization', 'Bearer 36dde457-a915-4056-b81f-e39f2a16f1dc')],
		['an API key in a URL query string', { url: 'https://maps.example.com/geo?address=Berlin&key=b81f3e6a92d04c7f8a1e5d2c9b7a4f60' }],
		['a token assigned in code', { jsCode: 'const NETBOX_TOKEN = "Token 6e517f4e4fd4b3f3d3de63770bd79e6faacf0fe4";' }],
		['a password assigned in code', { jsCode: "const payload = { UserLogin: 'root', Password: 'Zn4ny-Adm1n!' };" }],
		['a literal password field', { password: 'hunter22' }],
		['a passphrase of words assigned in code', { jsCode: "const login = { user: 'ops', password: 'correct horse battery staple' };" }],
		['a word-and-digits password assigned in code', { jsCode: "const password = 'Password123!';" }],
	])('true: %s', (_what, parameters) => {
		expect(severities('HMT014', mcpWorkflow([tool('t', parameters)]))).toEqual(['error']);
	});

	it.each([
		['placeholder: Bearer YOUR_TOKEN', header('Authorization', 'Bearer YOUR_TOKEN')],
		['placeholder: <token>', header('Authorization', 'Bearer <token>')],
		['placeholder: YOUR_API_KEY', { queryParameters: { parameters: [{ name: 'api_key', value: 'YOUR_API_KEY' }] } }],
		['placeholder: {HERE-YOUR-PASSWORD}', { password: '{HERE-YOUR-PASSWORD}' }],
		['placeholder: CLIENTSECRET', { bodyParameters: { parameters: [{ name: 'client_secret', value: 'CLIENTSECRET' }] } }],
		['placeholder: OctoPrint-API-Key header', header('OctoPrint-API-Key', 'YOUR_OCTOPRINT_API_KEY')],
		['placeholder: a localised stand-in', header('Authorization', 'Bearer 你的飞书应用Token')],
		['placeholder: the key name as value', { apiKey: 'apiKey' }],
		['placeholder: sk- with a stand-in', { jsonBody: '{"key": "sk-your-openai-key-goes-here"}' }],
		['placeholder: a password set to changeme in code', { jsCode: "const cfg = { password: 'changeme' };" }],
		['placeholder: a phrase naming the password, in code', { jsCode: "const password = 'a random password';\nreturn [{ json: { hash: sha256(password) } }];" }],
		['placeholder: a phrase naming the secret, in a field', { password: 'the admin password' }],
		['expression without "=": Bearer {{ $json.token }}', header('Authorization', 'Bearer {{ $json.token }}')],
		['expression without "=": {{$credentials...}}', header('X-Auth-Token', '{{$credentials.apiToken}}')],
		['expression without "=": a token field', { token: '{{ $json.access_token }}' }],
	])('false: %s', (_what, parameters) => {
		expect(of('HMT014', mcpWorkflow([tool('t', parameters)]))).toEqual([]);
	});
});

describe('HMT001 disabled-tool-wired / HMT002 tool-misrouted', () => {
	// n8n lists tools in reverse connection order: the tool wired first is listed last
	const agentWith = (tools: TestNode[]) => mcpWorkflow(tools, AGENT);
	const off = (name: string) => tool(name, {}, { disabled: true });

	it('true: a disabled tool in the middle shifts the tools after it (error, with the misroute)', () => {
		const workflow = agentWith([tool('a_tool'), off('b_tool'), tool('c_tool')]);
		expect(severities('HMT001', workflow)).toEqual(['error']);
		expect(of('HMT002', workflow).map((f) => f.node)).toEqual(['a_tool']);
	});

	it('false (as an error): the disabled tool is the last one of an AI Agent, so nothing shifts (warning)', () => {
		const workflow = agentWith([off('old_tool'), tool('a_tool'), tool('b_tool')]);
		expect(severities('HMT001', workflow)).toEqual(['warning']);
		expect(of('HMT002', workflow)).toEqual([]);
	});

	it('false (as an error): the disabled tool is the only tool (warning)', () => {
		expect(severities('HMT001', agentWith([off('only_tool')]))).toEqual(['warning']);
	});

	it('false: the shift comes from a connection to a node that does not exist (HMT015 says n8n fails listing)', () => {
		const workflow = agentWith([tool('a_tool'), tool('b_tool')]);
		(workflow.connections as Record<string, unknown>)['Deleted Tool'] = {
			ai_tool: [[{ node: AGENT.name, type: 'ai_tool', index: 0 }]],
		};
		expect(of('HMT002', workflow)).toEqual([]);
		expect(of('HMT015', workflow).map((f) => f.message)).toEqual([
			'"Deleted Tool" is wired as a tool into "AI Agent" but is not a node: n8n fails listing the tools of "AI Agent", so none of them works',
		]);
	});

	it('names the versions and mode: queue mode for the MCP trigger, every mode for the AI Agent', () => {
		const shifted = (consumer: TestNode) =>
			of('HMT002', mcpWorkflow([tool('a_tool'), off('b_tool'), tool('c_tool')], consumer))[0].message;
		expect(shifted(TRIGGER)).toMatch(/on n8n 2\.20 and older in queue mode$/);
		expect(shifted(AGENT)).toMatch(/on n8n 2\.20 and older$/);
	});
});

describe('HMT006 fromai-malformed', () => {
	const inTool = (expression: string) => mcpWorkflow([tool('t', { q: `={{ ${expression} }}` })]);
	it.each([
		["an unescaped ' inside a quoted description", "$fromAI('q', 'the customer's text')", /unescaped ' inside a quoted text/],
		['a string default that is an unquoted variable, never evaluated', "$fromAI('q', 'd', 'string', $json.query)", /is not a literal: n8n reads it as text/],
		['a string default that is unquoted text other than JSON', "$fromAI('q', 'd', 'string', open)", /is not a literal/],
		['a number in 2nd place', "$fromAI('limit', 100, 'number')", /`100` is the 2nd argument.*no default/],
		['an unknown type', "$fromAI('k', 'd', 'text')", /unknown type "text"/],
		['a key with a space', "$fromAI('bad key', 'd')", /invalid key "bad key"/],
	])('true: %s', (_what, expression, message) => {
		const [finding] = of('HMT006', inTool(expression));
		expect(finding).toMatchObject({ severity: 'error', message: expect.stringMatching(message) as unknown });
	});

	it.each([
		['$fromAI written as prose in the LLM prompt of a node that is not a tool', () => {
			const workflow = mcpWorkflow([tool('t')]);
			const prompt = "Fill $fromAI('order id', 'the customer's order') first";
			return { ...workflow, nodes: [...workflow.nodes, { ...AGENT, parameters: { options: { systemMessage: prompt } } }] };
		}],
		['a JSON array literal as 4th argument, without commas', () => inTool("$fromAI('tags', 'Tags', 'json', [])")],
		['an object literal default, without commas', () => inTool('$fromAI(\'f\', \'Filter\', \'json\', {"a": 1})')],
		['JSON text as a string default, unquoted: n8n takes exactly that text', () => inTool('$fromAI(\'filter\', \'A JSON filter\', \'string\', {"status":"open"})')],
		['a JSON array as a string default, unquoted, without commas', () => inTool("$fromAI('ids', 'Ids as JSON text', 'string', [])")],
	])('false: %s', (_what, build) => {
		expect(of('HMT006', build())).toEqual([]);
	});

	it.each([
		['a JSON array default with commas', '$fromAI(\'tags\', \'Tags\', \'json\', ["a", "b"])'],
		['an object literal default containing commas', '$fromAI(\'f\', \'Filter\', \'json\', {"a": 1, "b": 2})'],
	])('false as an error (n8n cuts the default, a warning says so): %s', (_what, expression) => {
		expect(severities('HMT006', inTool(expression))).toEqual(['warning']);
	});
});

describe('HMT009 toolworkflow-empty-schema / HMT010 toolworkflow-no-fromai', () => {
	const field = { id: 'q', type: 'string' };
	const codesOf = (node: TestNode) => lintWorkflow(mcpWorkflow([node])).map((f) => `${f.code} ${f.severity}`);
	it.each([
		['$fromAI inputs lost to an empty schema', toolWorkflow('find', { q: "={{ $fromAI('q', 'Query') }}" }, []), ['HMT009 error']],
		['declared inputs mapped without $fromAI', toolWorkflow('find', { q: '={{ $json.q }}' }, [field]), ['HMT010 warning']],
	])('true: %s', (_what, node, expected) => {
		expect(codesOf(node)).toEqual(expected);
	});

	it.each([
		['a sub-agent built on purpose to take one query string (no inputs at all)', toolWorkflow('research_agent', {}, [])],
		['schema and $fromAI', toolWorkflow('find', { q: "={{ $fromAI('q', 'Query') }}" }, [field])],
	])('false: %s', (_what, node) => {
		expect(codesOf(node)).toEqual([]);
	});

	it('false: HMT009 and HMT010 never fire on the same node', () => {
		for (const [value, schema] of [[{}, []], [{ q: 'x' }, []], [{}, [field]], [{ q: "={{ $fromAI('q') }}" }, []]] as const) {
			const found = codesOf(toolWorkflow('t', value, [...schema])).map((c) => c.split(' ')[0]);
			expect(found.includes('HMT009') && found.includes('HMT010')).toBe(false);
		}
	});
});

describe('HMT016 fromai-not-expression', () => {
	const wired = (node: TestNode) => mcpWorkflow([node]);
	it.each([
		['in an HTTP tool URL', tool('search', { url: "https://x.test/?q={{ $fromAI('q', 'Query') }}" })],
		['in a tool body parameter', tool('post', { bodyParameters: { parameters: [{ name: 'text', value: "{{ $fromAI('text') }}" }] } })],
		['in a MySQL tool field that is not the query', tool('db', { table: "{{ $fromAI('table') }}" }, { type: 'n8n-nodes-base.mySqlTool' })],
	])('true: %s', (_what, node) => {
		expect(severities('HMT016', wired(node))).toEqual(['error']);
	});

	it.each([
		['the SQL query of a Postgres tool (the node resolves {{ }} itself)', tool('db', { query: "SELECT 1 WHERE a = '{{ $fromAI('a') }}'" }, { type: 'n8n-nodes-base.postgresTool' })],
		['the SQL query of a MySQL tool', tool('db', { query: "SELECT {{ $fromAI('col') }}" }, { type: 'n8n-nodes-base.mySqlTool' })],
		['an expression with "="', tool('search', { url: "=https://x.test/?q={{ $fromAI('q') }}" })],
	])('false: %s', (_what, node) => {
		expect(of('HMT016', wired(node))).toEqual([]);
	});

	it('false: {{ $fromAI() }} in the prompt of a node that is not a tool', () => {
		const agent = { ...AGENT, parameters: { text: "Use {{ $fromAI('q') }} style inputs" } };
		expect(of('HMT016', mcpWorkflow([tool('t')], agent))).toEqual([]);
	});
});
