/**
 * The admin channel as the generator writes it: the config's `admin` key (true and false cases),
 * the workflow (its own trigger, path and bearer; one GET-only HTTP Request tool per allowed
 * tool), what lint says of it, and the scopes a key for it may hold. No service runs here; the
 * e2e suite calls every tool through MCP on a real n8n.
 */
import { ADMIN_READ_SCOPES, ADMIN_TOOL_NAMES, ADMIN_TOOLS, isReadScope } from '../../../generator/admin/tools';
import { ADMIN_FILE, ADMIN_MANIFEST_FILE, generateAll } from '../../../generator/builders/generateAll';
import { ADMIN_METHOD, buildAdminWorkflow } from '../../../generator/builders/adminWorkflow';
import { TRIGGER_NAME } from '../../../generator/builders/mcpWorkflow';
import { AdminSchema, defaultConfig, parseConfig } from '../../../generator/config';
import { toolSchemaOf } from '../../../generator/deploy/toolSchema';
import { lintWorkflow } from '../../../generator/lint';
import { CATALOGUE } from '../../helpers/defaultCatalogue';

const withAdmin = (admin: unknown) => () => parseConfig({ ...defaultConfig(), admin }, 'test config');

describe('config admin', () => {
	it.each([
		['nothing but the defaults', {}],
		['an API URL with a path', { apiUrl: 'https://n8n.example.com/api/v1/' }],
		['some tools, in any order', { tools: ['n8n_get_execution', 'n8n_list_workflows'] }],
		['its own names', { workflowName: 'Ops Admin', path: 'ops_admin', bearer: 'Ops Bearer', n8nApi: 'Ops Key' }],
	])('takes %s', (_, admin) => expect(withAdmin(admin)).not.toThrow());

	it.each([
		['a tool the generator does not know', { tools: ['n8n_delete_workflow'] }, /admin\.tools\.0/],
		['a write tool by any other name', { tools: ['n8n_activate_workflow'] }, /admin\.tools\.0/],
		['no tool', { tools: [] }, /admin\.tools/],
		['a tool twice', { tools: ['n8n_get_workflow', 'n8n_get_workflow'] }, /listed twice/],
		['the tools endpoint path', { path: 'hermes-tools' }, /admin\.path: MCP path "hermes-tools" is already used/],
		["the tools endpoint's bearer credential", { bearer: 'Hermes MCP Bearer' }, /admin\.bearer: the admin endpoint needs a Bearer credential of its own/],
		['an API URL with a query', { apiUrl: 'http://n8n:5678/api/v1?x=1' }, /admin\.apiUrl/],
		['an API URL of another scheme', { apiUrl: 'ftp://n8n/api/v1' }, /admin\.apiUrl/],
		['an unknown key', { method: 'POST' }, /admin: method: unknown key|admin.*method/],
	])('refuses %s', (_, admin, message) => expect(withAdmin(admin)).toThrow(message));

	it('without admin, nothing of it is generated', () => {
		expect(generateAll(CATALOGUE, defaultConfig()).map((f) => f.file)).not.toContain(ADMIN_FILE);
	});
});

describe('the admin workflow', () => {
	const admin = AdminSchema.parse({ apiUrl: 'http://n8n.internal:5678/api/v1/' });
	const workflow = buildAdminWorkflow(admin, '2.x');
	const tools = workflow.nodes.filter((node) => node.name !== TRIGGER_NAME);

	it('has its own trigger, path and bearer credential', () => {
		const trigger = workflow.nodes.find((node) => node.name === TRIGGER_NAME)!;
		expect(trigger.parameters).toEqual({ authentication: 'bearerAuth', path: admin.path });
		expect(trigger.credentials).toEqual({ httpBearerAuth: { name: admin.bearer } });
		expect(workflow.name).toBe(admin.workflowName);
	});

	it('serves every admin tool by default, each a GET on the configured API with the n8n API credential', () => {
		expect(tools.map((node) => node.name)).toEqual(ADMIN_TOOL_NAMES);
		for (const node of tools) {
			expect([node.name, node.type, node.parameters.method, node.parameters.nodeCredentialType, node.credentials]).toEqual([
				node.name,
				'n8n-nodes-base.httpRequestTool',
				ADMIN_METHOD,
				'n8nApi',
				{ n8nApi: { name: admin.n8nApi } },
			]);
			expect(node.parameters.url).toMatch(/^=\{\{ 'http:\/\/n8n\.internal:5678\/api\/v1' \+ '\/(workflows|executions)/);
		}
		expect(ADMIN_METHOD).toBe('GET');
	});

	it('wires each tool into the trigger, and nothing else, last to first so that n8n lists them in order', () => {
		expect(Object.keys(workflow.connections)).toEqual([...ADMIN_TOOL_NAMES].reverse());
		for (const name of ADMIN_TOOL_NAMES) expect(workflow.connections[name]).toEqual({ ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] });
	});

	it('the agent fills only ids (URL-encoded into one path segment) and query values; the method is no parameter', () => {
		const idSegments = tools.map((node) => [node.name, [...String(node.parameters.url).matchAll(/'\/(?:workflows|executions)\/' \+ (\w+)\(\$fromAI\('(\w+)'/g)].map((m) => `${m[1]}(${m[2]})`)]);
		expect(idSegments).toEqual([
			['n8n_list_workflows', []],
			['n8n_get_workflow', ['encodeURIComponent(workflow_id)']],
			['n8n_list_executions', []],
			['n8n_get_execution', ['encodeURIComponent(execution_id)']],
		]);
		for (const node of tools) expect([node.name, JSON.stringify(node.parameters.method)]).toEqual([node.name, '"GET"']);
	});

	it("tools/list as n8n derives it: each tool's parameters, required and optional as the tool says", () => {
		const schema = toolSchemaOf(workflow);
		for (const tool of ADMIN_TOOLS) {
			const listed = schema.get(tool.name)!;
			expect([tool.name, listed.map((line) => line.split(' ')[0]).sort()]).toEqual([tool.name, tool.parameters.map((p) => p.key).sort()]);
			const required = listed.filter((line) => line.endsWith(', required)')).map((line) => line.split(' ')[0]);
			expect(required).toEqual(tool.parameters.filter((p) => p.required).map((p) => p.key));
		}
	});

	it('an allow-list keeps only its tools, in the order the generator knows them', () => {
		const some = buildAdminWorkflow(AdminSchema.parse({ tools: ['n8n_get_execution', 'n8n_list_workflows'] }), '2.x');
		expect(some.nodes.map((node) => node.name)).toEqual([TRIGGER_NAME, 'n8n_list_workflows', 'n8n_get_execution']);
	});

	it('generate writes it with its manifest, and lint finds nothing in it', () => {
		const files = generateAll(CATALOGUE, { ...defaultConfig(), admin });
		const file = files.find((f) => f.file === ADMIN_FILE)!;
		const manifest = files.find((f) => f.file === ADMIN_MANIFEST_FILE)!;
		expect(manifest.manifest?.tools.map((t) => t.tool)).toEqual(ADMIN_TOOL_NAMES);
		expect(lintWorkflow(JSON.parse(file.content), { manifest: JSON.parse(manifest.content) })).toEqual([]);
	});
});

describe('isReadScope', () => {
	it.each(['workflow:read', 'workflow:list', 'execution:read', 'execution:list', 'dataTable:read'])('%s reads', (scope) => expect(isReadScope(scope)).toBe(true));
	it.each(['workflow:create', 'workflow:activate', 'workflow:delete', 'execution:retry', 'execution:stop', 'credential:move', 'securityAudit:generate', 'read', 'workflow:read:x', ''])(
		'%s does not only read',
		(scope) => expect(isReadScope(scope)).toBe(false),
	);
	it('the scopes the tools need are all read scopes', () => expect(ADMIN_READ_SCOPES.every(isReadScope)).toBe(true));
});
