/**
 * The admin channel as the generator writes it: the config's `admin` key (true and false cases),
 * the workflow (its own trigger, path and bearer; one toolWorkflow per allowed tool), each
 * tool's sub-workflow (one GET with the n8n API credential, full response, the answer node and
 * its fallback), the request URLs evaluated by n8n-workflow's real expression engine (legacy),
 * what lint says of every file, and the scopes a key for it may hold. No service runs here
 * (adminAnswers.test.ts holds the answers; the e2e suite calls every tool on a real n8n).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Expression } from 'n8n-workflow';

import { ADMIN_CAPS, thousands } from '../../../../generator/admin/caps';
import { ADMIN_READ_SCOPES, ADMIN_TOOLS, isReadScope, WORKFLOW_PAGE } from '../../../../generator/admin/tools';
import { ADMIN_METHOD } from '../../../../generator/admin/request';
import { ADMIN_NODES, adminSubWorkflowFileName, adminSubWorkflowName, buildAdminSubWorkflow, buildAdminWorkflow } from '../../../../generator/admin/workflows';
import { ADMIN_FILE, ADMIN_MANIFEST_FILE, generateAll } from '../../../../generator/project/generateAll';
import { SUBWORKFLOW_TRIGGER_NAME } from '../../../../generator/builders/nodeParts';
import { TRIGGER_NAME } from '../../../../generator/builders/mcpWorkflow';
import type { WorkflowNode } from '../../../../generator/builders/n8nTypes';
import { ADMIN_TOOL_NAMES, AdminSchema, defaultConfig, parseConfig } from '../../../../generator/config';
import { HERMES_LINT } from '../../../../generator/contracts';
import { toolSchemaOf } from '../../../../generator/deploy/toolSchema';
import { lintWorkflow } from '../../../../generator/lint';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

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

const TOOLS = ADMIN_TOOLS;
const tool = (name: string) => TOOLS.find((t) => t.name === name)!;
const admin = AdminSchema.parse({ apiUrl: 'http://n8n.internal:5678/api/v1/' });
const config = { ...defaultConfig(), admin };

describe('the admin workflow', () => {
	const workflow = buildAdminWorkflow(admin);
	const tools = workflow.nodes.filter((node) => node.name !== TRIGGER_NAME);

	it('has its own trigger, path and bearer credential', () => {
		const trigger = workflow.nodes.find((node) => node.name === TRIGGER_NAME)!;
		expect(trigger.parameters).toEqual({ authentication: 'bearerAuth', path: admin.path, instructions: expect.stringContaining('Every tool here only reads.') });
		expect(trigger.credentials).toEqual({ httpBearerAuth: { name: admin.bearer } });
		expect(workflow.name).toBe(admin.workflowName);
	});

	it("serves every admin tool by default, each a toolWorkflow calling its own sub-workflow by name with exactly the tool's parameters; no request or credential of its own", () => {
		expect(tools.map((node) => node.name)).toEqual(ADMIN_TOOL_NAMES);
		for (const node of tools) {
			const { parameters } = tool(node.name);
			expect([node.name, node.type, node.credentials, 'method' in node.parameters]).toEqual([node.name, '@n8n/n8n-nodes-langchain.toolWorkflow', undefined, false]);
			expect(node.parameters.workflowId).toMatchObject({ cachedResultName: adminSubWorkflowName(tool(node.name), admin) });
			expect(Object.keys((node.parameters.workflowInputs as { value: object }).value)).toEqual(parameters.map((p) => p.key));
			expect(node.parameters.description).toBe(tool(node.name).description);
		}
	});

	it('wires each tool into the trigger, and nothing else, last to first so that n8n lists them in order', () => {
		expect(Object.keys(workflow.connections)).toEqual([...ADMIN_TOOL_NAMES].reverse());
		for (const name of ADMIN_TOOL_NAMES) expect(workflow.connections[name]).toEqual({ ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] });
	});

	it("tools/list as n8n derives it: each tool's parameters, required and optional as the tool says", () => {
		const schema = toolSchemaOf(workflow);
		for (const spec of TOOLS) {
			const listed = schema.get(spec.name)!;
			expect([spec.name, listed.map((line) => line.split(' ')[0]).sort()]).toEqual([spec.name, spec.parameters.map((p) => p.key).sort()]);
			const required = listed.filter((line) => line.endsWith(', required)')).map((line) => line.split(' ')[0]);
			expect(required).toEqual(spec.parameters.filter((p) => p.required).map((p) => p.key));
		}
	});

	it('an allow-list keeps only its tools, in the order the generator knows them, and only their sub-workflows', () => {
		const some = AdminSchema.parse({ tools: ['n8n_get_execution', 'n8n_list_workflows'] });
		expect(buildAdminWorkflow(some).nodes.map((node) => node.name)).toEqual([TRIGGER_NAME, 'n8n_list_workflows', 'n8n_get_execution']);
		const files = generateAll(CATALOGUE, { ...defaultConfig(), admin: some }).map((f) => f.file);
		expect(files.filter((file) => file.startsWith('hermes-admin-'))).toEqual(['hermes-admin-n8n-list-workflows.json', 'hermes-admin-n8n-get-execution.json']);
	});

	it('generate writes it with its manifest and one sub-workflow per tool, and lint finds nothing in any of them', () => {
		const files = generateAll(CATALOGUE, config);
		const file = files.find((f) => f.file === ADMIN_FILE)!;
		const manifest = files.find((f) => f.file === ADMIN_MANIFEST_FILE)!;
		expect(manifest.manifest?.tools.map((t) => t.tool)).toEqual(ADMIN_TOOL_NAMES);
		expect(lintWorkflow(JSON.parse(file.content), { manifest: JSON.parse(manifest.content) })).toEqual([]);
		for (const spec of TOOLS) {
			const sub = files.find((f) => f.file === adminSubWorkflowFileName(spec))!;
			expect([spec.name, lintWorkflow(JSON.parse(sub.content))]).toEqual([spec.name, []]);
		}
	});
});

describe("each admin tool's sub-workflow", () => {
	const subs = TOOLS.map((spec) => [spec.name, buildAdminSubWorkflow(spec, admin, config)] as const);
	const byName = (name: string, nodeName: string) => subs.find(([n]) => n === name)![1].nodes.find((node) => node.name === nodeName)!;

	it.each(subs)('%s: one request, a GET with the n8n API credential, the full response whatever its status; callable only by its callers', (name, sub) => {
		const withMethod = sub.nodes.filter((node) => 'method' in node.parameters);
		expect(withMethod.map((node) => [node.name, node.type, node.parameters.method, node.credentials])).toEqual([[ADMIN_NODES.fetch, 'n8n-nodes-base.httpRequest', ADMIN_METHOD, { n8nApi: { name: admin.n8nApi } }]]);
		const options = withMethod[0].parameters.options as { response: { response: Record<string, unknown> }; timeout: number };
		expect(options.response.response).toMatchObject({ fullResponse: true, neverError: true });
		expect(options.timeout).toBe(ADMIN_CAPS.requestMs);
		expect(withMethod[0].onError).toBe('continueRegularOutput');
		expect(sub.name).toBe(adminSubWorkflowName(tool(name), admin));
		expect(sub.settings.callerPolicy).toBe('workflowsFromAList');
		expect(sub.nodes.find((node) => node.name === SUBWORKFLOW_TRIGGER_NAME)!.parameters.workflowInputs).toEqual({ values: tool(name).parameters.map((p) => ({ name: p.key, type: 'string' })) });
	});

	it.each<[string, boolean, boolean]>([
		// tool, the body as text (one object, parsed at once by the answer code), follows pages
		['n8n_list_workflows', false, true],
		['n8n_get_workflow', true, false],
		['n8n_list_executions', false, false],
		['n8n_get_execution', true, false],
		['n8n_validate_workflow', true, false],
	])('%s: body as text %s, pages %s', (name, text, pages) => {
		const options = byName(name, ADMIN_NODES.fetch).parameters.options as { response: { response: Record<string, unknown> }; pagination?: { pagination: Record<string, unknown> } };
		expect(options.response.response.responseFormat === 'text').toBe(text);
		if (text) expect(options.response.response.outputPropertyName).toBe('body');
		expect(options.pagination !== undefined).toBe(pages);
		if (pages) expect(options.pagination!.pagination).toMatchObject({ paginationMode: 'responseContainsNextURL', limitPagesFetched: true, maxRequests: ADMIN_CAPS.workflowPages });
	});

	it.each(TOOLS.filter((spec) => spec.answer !== 'lint').map((spec) => [spec.name]))('%s: Answer makes one answer of every page, and its own failure goes to Could not answer', (name) => {
		const sub = subs.find(([n]) => n === name)![1];
		expect(sub.nodes.map((node) => node.name)).toEqual([SUBWORKFLOW_TRIGGER_NAME, ADMIN_NODES.fetch, ADMIN_NODES.answer, ADMIN_NODES.failed]);
		expect(byName(name, ADMIN_NODES.answer)).toMatchObject({ executeOnce: true, onError: 'continueErrorOutput' });
		expect(sub.connections[ADMIN_NODES.fetch]).toEqual({ main: [[{ node: ADMIN_NODES.answer, type: 'main', index: 0 }]] });
		expect(sub.connections[ADMIN_NODES.answer]).toEqual({ main: [[], [{ node: ADMIN_NODES.failed, type: 'main', index: 0 }]] });
	});

	it('n8n_validate_workflow: the fetched workflow goes to the Hermes Workflow Lint node, then to the findings that fit; anything else to the refusal', () => {
		const sub = subs.find(([n]) => n === 'n8n_validate_workflow')![1];
		const lint = byName('n8n_validate_workflow', ADMIN_NODES.lint);
		expect([lint.type, lint.typeVersion, lint.onError]).toEqual([`${config.nodeTypePrefix}.${HERMES_LINT.type}`, HERMES_LINT.typeVersion, 'continueErrorOutput']);
		expect(lint.parameters).toEqual({ [HERMES_LINT.params.operation]: 'lint', [HERMES_LINT.params.workflow]: '={{ $json.body }}' });
		const to = (node: string) => [{ node, type: 'main', index: 0 }];
		expect(sub.connections).toEqual({
			[SUBWORKFLOW_TRIGGER_NAME]: { main: [to(ADMIN_NODES.fetch)] },
			[ADMIN_NODES.fetch]: { main: [to(ADMIN_NODES.fetched)] },
			[ADMIN_NODES.fetched]: { main: [to(ADMIN_NODES.lint), to(ADMIN_NODES.refused)] },
			[ADMIN_NODES.lint]: { main: [to(ADMIN_NODES.answer), to(ADMIN_NODES.failed)] },
			[ADMIN_NODES.answer]: { main: [[], to(ADMIN_NODES.failed)] },
		});
	});

	/** The request's URL for these sub-workflow inputs, as n8n's expression engine resolves it. */
	const url = (name: string, input: Record<string, unknown>) =>
		String(new Expression('UTC').resolveSimpleParameterValue(String(byName(name, ADMIN_NODES.fetch).parameters.url), { $json: input } as never));
	const API = 'http://n8n.internal:5678/api/v1';

	it.each<[string, Record<string, unknown>, string]>([
		['n8n_list_workflows', { limit: 3 }, `${API}/workflows?limit=${WORKFLOW_PAGE}&excludePinnedData=true`],
		['n8n_get_workflow', { workflow_id: 'Ab12', node: '' }, `${API}/workflows/Ab12`],
		['n8n_get_workflow', { workflow_id: 'Ab12/deactivate' }, `${API}/workflows/Ab12%2Fdeactivate`],
		['n8n_get_workflow', { workflow_id: '../credentials?x#y' }, `${API}/workflows/..%2Fcredentials%3Fx%23y`],
		['n8n_get_execution', { execution_id: '42' }, `${API}/executions/42?includeData=true`],
		['n8n_get_execution', { execution_id: '42/retry' }, `${API}/executions/42%2Fretry?includeData=true`],
		['n8n_validate_workflow', { workflow_id: 'Ab12' }, `${API}/workflows/Ab12`],
		['n8n_list_executions', { limit: 5, status: '', workflow_id: '' }, `${API}/executions?limit=5`],
		['n8n_list_executions', { limit: 500, status: 'error', workflow_id: 'W 1' }, `${API}/executions?limit=${ADMIN_CAPS.rows}&status=error&workflowId=W%201`],
		['n8n_list_executions', { limit: -3, status: 'success&x=1' }, `${API}/executions?limit=1&status=success%26x%3D1`],
		['n8n_list_executions', { limit: 'many' }, `${API}/executions?limit=${ADMIN_CAPS.defaultRows}`],
	])('%s %j asks %s: ids are one encoded path segment, query values encoded, limit clamped to the cap', (name, input, expected) => expect(url(name, input)).toBe(expected));

	it('n8n_list_workflows asks for the next page by the cursor n8n gave, and stops when there is none', () => {
		const pagination = (byName('n8n_list_workflows', ADMIN_NODES.fetch).parameters.options as { pagination: { pagination: Record<string, string> } }).pagination.pagination;
		const resolve = (text: string, body: object) => new Expression('UTC').resolveSimpleParameterValue(text, { $response: { body } } as never);
		expect(resolve(pagination.nextURL, { nextCursor: 'abc=' })).toBe(`${API}/workflows?limit=${WORKFLOW_PAGE}&excludePinnedData=true&cursor=abc%3D`);
		expect([resolve(pagination.completeExpression, { nextCursor: 'abc' }), resolve(pagination.completeExpression, { nextCursor: null })]).toEqual([false, true]);
	});

	it('no node of any sub-workflow is disabled or sends anything but GET', () => {
		const all: WorkflowNode[] = subs.flatMap(([, sub]) => sub.nodes);
		expect(all.filter((node) => node.disabled !== undefined || ('method' in node.parameters && node.parameters.method !== 'GET'))).toEqual([]);
	});
});

describe('docs/admin.md', () => {
	// Prose wraps anywhere: compare with single spaces.
	const doc = readFileSync(join(__dirname, '../../../../docs/admin.md'), 'utf8').replace(/\s+/g, ' ');
	it.each([
		['the answer cap', `**${thousands(ADMIN_CAPS.chars)} characters**`],
		['the rows of a list', `\`limit\` (1-${ADMIN_CAPS.rows}, default ${ADMIN_CAPS.defaultRows})`],
		['the pages n8n_list_workflows reads', `${WORKFLOW_PAGE} workflows each, at most ${ADMIN_CAPS.workflowPages} pages: ${thousands(ADMIN_CAPS.workflowPages * WORKFLOW_PAGE)} workflows`],
		['every tool', ...ADMIN_TOOL_NAMES.map((name) => `| \`${name}\` |`)],
	])('states %s as the code holds it', (_what, ...texts) => {
		for (const text of texts) expect(doc).toContain(text);
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
