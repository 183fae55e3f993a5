/**
 * The admin channel as the generator writes it: the config's `admin` key (true and false cases),
 * the workflow (its own trigger, path and bearer; one GET-only HTTP Request tool per allowed
 * tool), what lint says of it, and the scopes a key for it may hold. No service runs here; the
 * e2e suite calls every tool through MCP on a real n8n.
 */
import { ADMIN_READ_SCOPES, ADMIN_TOOL_NAMES, ADMIN_TOOLS, isReadScope, type AdminTool } from '../../../generator/admin/tools';
import { ADMIN_FILE, ADMIN_MANIFEST_FILE, generateAll } from '../../../generator/builders/generateAll';
import { adminValidateFileName, adminValidateWorkflowName, buildAdminValidateWorkflow, VALIDATE_NODES } from '../../../generator/builders/adminValidate';
import { ADMIN_METHOD, buildAdminWorkflow } from '../../../generator/builders/adminWorkflow';
import { HERMES_LINT } from '../../../generator/contracts';
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

	const requestTools = tools.filter((node) => !(ADMIN_TOOLS as readonly AdminTool[]).find((tool) => tool.name === node.name)?.lintsAnswer);

	it('serves every admin tool by default, each a GET on the configured API with the n8n API credential', () => {
		expect(tools.map((node) => node.name)).toEqual(ADMIN_TOOL_NAMES);
		expect(requestTools.length).toBeGreaterThan(0);
		for (const node of requestTools) {
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
		const idSegments = requestTools.map((node) => [node.name, [...String(node.parameters.url).matchAll(/'\/(?:workflows|executions)\/' \+ (\w+)\(\$fromAI\('(\w+)'/g)].map((m) => `${m[1]}(${m[2]})`)]);
		expect(idSegments).toEqual([
			['n8n_list_workflows', []],
			['n8n_get_workflow', ['encodeURIComponent(workflow_id)']],
			['n8n_list_executions', []],
			['n8n_get_execution', ['encodeURIComponent(execution_id)']],
		]);
		for (const node of requestTools) expect([node.name, JSON.stringify(node.parameters.method)]).toEqual([node.name, '"GET"']);
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
		const validate = files.find((f) => f.file === adminValidateFileName(VALIDATE))!;
		expect(lintWorkflow(JSON.parse(validate.content))).toEqual([]);
	});
});

const VALIDATE = (ADMIN_TOOLS as readonly AdminTool[]).find((tool) => tool.lintsAnswer)!;

describe('the validating tool', () => {
	const admin = AdminSchema.parse({ apiUrl: 'http://n8n.internal:5678/api/v1/' });
	const config = { ...defaultConfig(), admin };
	const sub = buildAdminValidateWorkflow(VALIDATE, admin, config);
	const byName = (name: string) => sub.nodes.find((node) => node.name === name)!;

	it.each<[string, string[], boolean]>([
		['by default', [...ADMIN_TOOL_NAMES], true],
		['when the allow-list names it', [VALIDATE.name], true],
		['not when the allow-list leaves it out', ADMIN_TOOL_NAMES.filter((name) => name !== VALIDATE.name), false],
	])('is generated %s, with its sub-workflow', (_, allowed, present) => {
		const files = generateAll(CATALOGUE, { ...defaultConfig(), admin: AdminSchema.parse({ tools: allowed }) });
		const adminWorkflow = files.find((f) => f.file === ADMIN_FILE)!.workflow!;
		expect(adminWorkflow.nodes.some((node) => node.name === VALIDATE.name)).toBe(present);
		expect(files.some((f) => f.file === adminValidateFileName(VALIDATE))).toBe(present);
	});

	it("is a toolWorkflow passing only the id to its sub-workflow, found by name; it holds no request and no credential of its own", () => {
		const node = buildAdminWorkflow(admin, '2.x').nodes.find((n) => n.name === VALIDATE.name)!;
		expect(node.type).toBe('@n8n/n8n-nodes-langchain.toolWorkflow');
		expect(node.credentials).toBeUndefined();
		expect(node.parameters.workflowId).toMatchObject({ cachedResultName: adminValidateWorkflowName(VALIDATE, admin) });
		expect(Object.keys((node.parameters.workflowInputs as { value: object }).value)).toEqual(VALIDATE.parameters.map((p) => p.key));
		expect(sub.name).toBe(adminValidateWorkflowName(VALIDATE, admin));
	});

	it('the sub-workflow sends one request, a GET of the workflow by its encoded id with the n8n API credential, then lints the body with the Hermes Workflow Lint node', () => {
		const withMethod = sub.nodes.filter((node) => 'method' in node.parameters);
		expect(withMethod.map((node) => [node.name, node.parameters.method])).toEqual([[VALIDATE_NODES.fetch, ADMIN_METHOD]]);
		const fetch = byName(VALIDATE_NODES.fetch);
		expect(fetch.type).toBe('n8n-nodes-base.httpRequest');
		expect(fetch.credentials).toEqual({ n8nApi: { name: admin.n8nApi } });
		expect(fetch.parameters.url).toBe("={{ 'http://n8n.internal:5678/api/v1' + '/workflows/' + encodeURIComponent($json.workflow_id) }}");
		const lint = byName(VALIDATE_NODES.lint);
		expect([lint.type, lint.typeVersion]).toEqual([`${config.nodeTypePrefix}.${HERMES_LINT.type}`, HERMES_LINT.typeVersion]);
		expect(lint.parameters).toEqual({ [HERMES_LINT.params.operation]: 'lint', [HERMES_LINT.params.workflow]: '={{ $json.body }}' });
		expect(sub.settings.callerPolicy).toBe('workflowsFromAList');
	});

	/** An expression of the sub-workflow run on what the HTTP Request output and what the tool was called with. */
	const evaluate = (text: unknown, json: object, id: unknown) =>
		new Function('$json', '$', `return ${String(text).replace(/^=\{\{ ([\s\S]*) \}\}$/, '$1')};`)(json, () => ({ item: { json: { workflow_id: id } } })) as unknown;
	const fetchedCondition = () => (byName(VALIDATE_NODES.fetched).parameters.conditions as { conditions: Array<{ leftValue: string }> }).conditions[0].leftValue;

	it.each<[string, object, unknown, boolean]>([
		['the workflow asked for', { statusCode: 200, body: { id: 'w1', nodes: [] } }, 'w1', true],
		['a numeric id given as a number', { statusCode: 200, body: { id: '42' } }, 42, true],
		['404', { statusCode: 404, body: { message: 'Not Found' } }, 'nope', false],
		['a 200 that is another answer (an empty id lists workflows)', { statusCode: 200, body: { data: [] } }, '', false],
		['another workflow', { statusCode: 200, body: { id: 'w2' } }, 'w1', false],
		['no answer at all', { error: { message: 'connect ECONNREFUSED' } }, 'w1', false],
	])('is linted only when n8n answered the workflow asked for: %s', (_, json, id, linted) => {
		expect(evaluate(fetchedCondition(), json, id)).toBe(linted);
	});

	it.each<[string, object, object]>([
		['404', { statusCode: 404 }, { success: false, error: '__NOT_FOUND__', retry: 'change_arguments', workflow: { id: 'nope' } }],
		['a 200 for another path', { statusCode: 200 }, { success: false, error: '__NOT_FOUND__' }],
		['401', { statusCode: 401 }, { success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' }],
		['403', { statusCode: 403 }, { success: false, error: '__UNAVAILABLE__', state: 'misconfigured' }],
		['500', { statusCode: 500 }, { success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' }],
		['no answer at all', { error: { message: 'connect ECONNREFUSED' } }, { success: false, error: '__UNAVAILABLE__', state: 'unreachable' }],
	])('otherwise answers a marker, never n8n\'s error: %s', (_, json, answer) => {
		const text = evaluate(byName(VALIDATE_NODES.refused).parameters.jsonOutput, json, 'nope');
		expect(JSON.parse(String(text))).toMatchObject(answer);
	});

	it('an unknown id names the id in the hint', () => {
		const text = evaluate(byName(VALIDATE_NODES.refused).parameters.jsonOutput, { statusCode: 404 }, 'abc');
		expect((JSON.parse(String(text)) as { hint: string }).hint).toContain('"abc"');
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
