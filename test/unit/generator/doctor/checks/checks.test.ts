import { defaultConfig } from '../../../../../generator/config';
import { desiredDataTables, workflowsOf } from '../../../../../generator/deploy/desired';
import { pushWorkflows } from '../../../../../generator/deploy/push';
import { pageProblem } from '../../../../../generator/doctor/checks/approvals';
import { misroutingRisk } from '../../../../../generator/doctor/checks/instance';
import { authProblem } from '../../../../../generator/doctor/checks/mcpAuth';
import { answerProblem } from '../../../../../generator/doctor/checks/readTools';
import { CHECKS, renderText, runDoctor } from '../../../../../generator/doctor';
import type { DoctorContext } from '../../../../../generator/doctor/context';
import { versionFromEditorPage } from '../../../../../generator/doctor/instance';
import type { CheckStatus } from '../../../../../generator/doctor/types';
import { mcpTriggerMisroutes } from '../../../../../core/lint/misroutingVersions';
import { CATALOGUE, DEFAULT_CREATE_TOOLS } from '../../../../helpers/defaultCatalogue';
import { GATEWAY_WORKFLOWS } from '../../../../helpers/gateways';
import { fakeDeployment, type FakeDeployment } from '../fakeDeployment';

/** One check against a deployment broken by `edit` (or left healthy): its status and message. */
async function check(id: string, edit: (d: FakeDeployment) => unknown, options: Parameters<FakeDeployment['context']>[0] = {}, withApprovals = false) {
	const deployment = await fakeDeployment({ withApprovals });
	try {
		await edit(deployment);
		const context: DoctorContext = deployment.context(options);
		const report = await runDoctor(context, CHECKS.filter((c) => c.id === id));
		deployment.n8n.calls.length = 0;
		return { result: report.checks[0] ?? report.skipped[0], deployment, writes: deployment.n8n.writes };
	} finally {
		await deployment.close();
	}
}

type Case = [string, (d: FakeDeployment) => unknown, CheckStatus, RegExp];
const VAULT = defaultConfig().gatewayWorkflows.vault;
const MCP = defaultConfig().workflowName;
/** Gateway sub-workflows a push of the default config writes, each called by the tool workflow. */
const G = GATEWAY_WORKFLOWS.length;
/** Create-once workflows a push of the default config writes, each called by the tool workflow (the content gateway then by one of them). */
const C = DEFAULT_CREATE_TOOLS.length;
test('the default config has gateways and create-once workflows to check', () => {
	expect(G).toBeGreaterThan(0);
	expect(C).toBeGreaterThan(0);
});

/** A second config on another endpoint under the same gateway names: its create-once workflows its own, named after its endpoint as loadConfig names them. */
const secondConfig = (d: FakeDeployment, more: Partial<FakeDeployment['config']> = {}) =>
	workflowsOf({ tools: CATALOGUE, config: { ...d.config, workflowName: 'Ops Tools', mcpPath: 'ops', creates: { ...d.config.creates, workflowPrefix: 'Hermes Create (ops) - ' }, ...more } });

const table = (id: string, cases: Case[], options: Parameters<FakeDeployment['context']>[0] = {}, withApprovals = false) =>
	describe(`doctor check ${id}`, () => {
		it.each(cases)('%s', async (_label, edit, status, message) => {
			const { result } = await check(id, edit, options, withApprovals);
			expect(result).toMatchObject({ id, status });
			expect((result as { message: string }).message).toMatch(message);
			if (status !== 'ok') expect((result as { fix?: string }).fix).toBeTruthy();
		});
	});

table('n8n-instance', [
	['2.41.1 in regular mode, read from the settings after a login', () => undefined, 'ok', /n8n 2\.41\.1 \(from the editor page\), regular mode \(from settings\)/],
	['2.20.12 in queue mode: a risk, nothing disabled', (d) => Object.assign(d.endpoint, { version: '2.20.12', mode: 'queue' }), 'warn', /would make its neighbours run the wrong node/],
	['2.20.12 in regular mode: the MCP trigger routes by name', (d) => Object.assign(d.endpoint, { version: '2.20.12' }), 'ok', /would not misroute/],
	[
		'a disabled tool node on 2.20 in queue mode',
		(d) => {
			Object.assign(d.endpoint, { version: '2.20.12', mode: 'queue' });
			d.n8n.byName(MCP)!.activeVersion!.nodes.find((n) => n.name === 'vault_read')!.disabled = true;
		},
		'fail',
		/disabled tool nodes "vault_read".*run the wrong node/,
	],
	['a disabled tool node on 2.41: a missing tool', (d) => void (d.n8n.byName(MCP)!.activeVersion!.nodes.find((n) => n.name === 'vault_read')!.disabled = true), 'warn', /their tools are missing/],
	['no release on the editor page', (d) => void (d.endpoint.version = undefined), 'warn', /version unknown/],
]);

/** Records a call of the tool workflow as n8n keeps it, `minutesAgo` back, answering `answer`. */
function called(d: FakeDeployment, tool: string, answer: unknown, minutesAgo: number) {
	const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
	d.n8n.executions.push({
		id: String(d.n8n.executions.length + 1),
		workflowId: d.n8n.byName(MCP)!.id,
		status: 'success',
		startedAt: at,
		stoppedAt: at,
		data: { resultData: { runData: { 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: { toolName: tool, arguments: {} } } }]] } }], [tool]: [{ data: { ai_tool: [[{ json: answer }]] } }] } } },
	});
}
const UNREACHABLE = { success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' };
const NOT_FOUND = { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' };

table('tool-health', [
	['no calls yet', () => undefined, 'ok', /^0 calls of 0 tools in the last 24 h; none failed/],
	['successes and refusals: the refusals named as the agent\'s', (d) => [called(d, 'vault_read', { success: true }, 5), called(d, 'vault_read', NOT_FOUND, 4)], 'ok', /2 calls of 1 tools.*refused \(the agent's to fix\): vault_read 1; none failed/],
	['a failure warns, naming the tool, marker and state (doctor fails on what is broken now, not on history)', (d) => [called(d, 'vault_read', { success: true }, 50), called(d, 'docker_read', UNREACHABLE, 30)], 'warn', /docker_read: 1 of 1 failed, last __UNAVAILABLE__ unreachable at/],
	['the last of several failures is named', (d) => [called(d, 'docker_read', UNREACHABLE, 300), called(d, 'docker_read', { success: false, error: '__UNAVAILABLE__', state: 'timeout', retry: 'later' }, 200)], 'warn', /docker_read: 2 of 2 failed, last __UNAVAILABLE__ timeout/],
	['a failure older than a day is not counted', (d) => called(d, 'docker_read', UNREACHABLE, 2000), 'ok', /^0 calls/],
]);

table('n8n-instance', [['no login: the mode is unknown, 2.41 misroutes in neither', () => undefined, 'ok', /mode unknown: no n8n login given/]], { login: undefined });
table('n8n-instance', [['no login, --mode queue', (d) => void (d.endpoint.version = '2.20.1'), 'warn', /queue mode \(from --mode\)/]], { login: undefined, mode: 'queue' });

table('workflows', [
	['after a push', () => undefined, 'ok', new RegExp(`^${G + C + 1} workflows exist under their exact names, are published`)],
	['unpublished', (d) => void (d.n8n.byName(VAULT)!.active = false), 'fail', /"Hermes Gateway - Vault".*not published/],
	['a node changed', (d) => void (d.n8n.byName(VAULT)!.nodes[1].parameters = { changed: true }), 'fail', /Hermes Gateway - Vault.*differs at/],
	['deleted', (d) => void d.n8n.workflows.delete(d.n8n.byName(VAULT)!.id), 'fail', /not in n8n/],
]);

table('callers', [
	['after a push', () => undefined, 'ok', new RegExp(`^${G + C} sub-workflows list all ${G + C} workflows that call them \\(0 outside this config\\)`)],
	['a caller id dropped', (d) => void (d.n8n.byName(VAULT)!.settings!.callerIds = ''), 'fail', /"Hermes Gateway - Vault" \(id \w+\) does not list "Hermes MCP Tools"/],
	[
		'a second config under the same gateway names, pushed: listed',
		async (d) => void (await pushWorkflows(d.n8n.client, secondConfig(d))),
		'ok',
		// Every gateway lists a caller of each config; the create-once workflows are each config's own.
		new RegExp(`^${G + C} sub-workflows list all ${2 * G + C} workflows that call them \\(${G} outside this config\\)`),
	],
	[
		'a workflow built in the editor calling a gateway, unlisted',
		async (d) => void (await d.n8n.createWorkflow({ ...structuredClone(d.n8n.byName(MCP)!), name: 'Editor copy' } as never)),
		'fail',
		/does not list "Editor copy"/,
	],
]);

table('shared-names', [
	['alone', () => undefined, 'ok', /no sub-workflow of this config is called from outside it/],
	[
		'a second config with other vault path under the same names',
		async (d) => void (await pushWorkflows(d.n8n.client, secondConfig(d, { vault: { ...d.config.vault, path: '/srv/ops' } }))),
		'fail',
		/"Hermes Gateway - Vault" is also called by "Ops Tools".*two configs share the name/,
	],
	[
		'a second config generating the same gateways',
		async (d) => void (await pushWorkflows(d.n8n.client, secondConfig(d))),
		'ok',
		new RegExp(`^${G} sub-workflows are also called from outside this config, and equal`),
	],
]);

table('credentials', [
	['all there', () => undefined, 'ok', /3 credentials exist with the right types/],
	['one deleted', (d) => void d.n8n.credentials.splice(d.n8n.credentials.findIndex((c) => c.name === 'Hermes SSH'), 1), 'fail', /"Hermes SSH" of type "Hermes SSH API" \(hermesSshApi\) is not in n8n/],
	// Every type under that name is listed, n8n's own Odoo credential too.
	['one of another type', (d) => void (d.n8n.credentials.find((c) => c.id === 'C-odoo-hermes')!.type = 'httpBasicAuth'), 'fail', /"Odoo" is of type "Odoo API" \(odooApi\), httpBasicAuth, the nodes need "Hermes Odoo API" \(hermesOdooApi\)/],
	['a name twice', (d) => void d.n8n.credentials.push({ id: 'C-2', name: 'Odoo', type: 'hermesOdooApi' }), 'fail', /2 credentials of type "Hermes Odoo API" \(hermesOdooApi\) are named "Odoo"/],
]);

table('mcp-auth', [
	['403 without and with a wrong token', () => undefined, 'ok', /1 endpoint answers 403 without a token and with a wrong one/],
	['open to anyone', (d) => void (d.endpoint.auth = 'open'), 'fail', /with no token: 200, the endpoint lets it in/],
	['not published', (d) => void (d.endpoint.auth = 'missing'), 'fail', /404, the endpoint is not registered/],
]);

table('mcp-tools', [
	['as generated', () => undefined, 'ok', new RegExp(`gives the ${CATALOGUE.length} generated tools`)],
	['a tool missing', (d) => void (d.endpoint.tools = []), 'fail', /missing odoo_list_projects/],
	[
		'a default changed',
		(d) => {
			d.endpoint.tools = [{ name: 'vault_list', inputSchema: { required: [], properties: { prefix: { default: 'x/' } } } }];
		},
		'fail',
		/vault_list has other defaults for prefix/,
	],
]);
table('mcp-tools', [['a wrong token', () => undefined, 'fail', /answered 403 \(the token is not the one/]], { token: 'wrong' });
table('mcp-tools', [['no token', () => undefined, 'warn', /not checked: no MCP bearer token/]], { token: undefined });

const unavailable = (state: string, retry: string) => ({ success: false, error: '__UNAVAILABLE__', state, retry, hint: `the ${state} hint` });
/** Every tool answers as itself, except `tool`, which answers `body` (and its execution shows it ran). */
const oneAnswers = (tool: string, body: unknown, isError = false) => (t: string) => (t === tool ? { body, isError, node: t } : { body: { success: true }, node: t });

table('read-tools', [
	['each answered by its own node', () => undefined, 'ok', /6 read-only tools answered, each from its own node/],
	[
		'a host the tool cannot use: fail, naming the tool, the marker and the hint',
		(d) => void (d.endpoint.answer = oneAnswers('vault_list', unavailable('misconfigured', 'never_here'))),
		'fail',
		/^vault_list answered __UNAVAILABLE__ misconfigured \(retry never_here\): the misconfigured hint$/,
	],
	['a stopped Prometheus: fail', (d) => void (d.endpoint.answer = oneAnswers('monitoring_alerts', unavailable('unreachable', 'later'))), 'fail', /^monitoring_alerts answered __UNAVAILABLE__ unreachable \(retry later\): the unreachable hint$/],
	[
		'every tool refused as broken: each named',
		(d) => void (d.endpoint.answer = (tool) => ({ body: unavailable('timeout', 'later'), node: tool })),
		'fail',
		/odoo_list_projects answered __UNAVAILABLE__ timeout.*docker_read answered __UNAVAILABLE__ timeout.*monitoring_alerts answered/,
	],
	['a refusal of the harmless call: warn, naming it', (d) => void (d.endpoint.answer = oneAnswers('crm_list_leads', { success: false, error: '__NOT_FOUND__', retry: 'change_arguments', hint: 'none' })), 'warn', /refused: crm_list_leads answered __NOT_FOUND__ \(retry change_arguments\): none/],
	['answered by another node', (d) => void (d.endpoint.answer = () => ({ body: { success: true }, node: 'vault_write' })), 'fail', /vault_list was answered by node "vault_write"/],
	['an n8n error', (d) => void (d.endpoint.answer = (tool) => ({ body: 'boom', isError: true, node: tool })), 'fail', /n8n answered an error/],
	['a failed call followed by good ones: only the failed one is named', (d) => void (d.endpoint.answer = oneAnswers('odoo_list_projects', 'boom', true)), 'fail', /^odoo_list_projects n8n answered an error: boom$/],
	['no execution saved', (d) => void (d.endpoint.answer = () => ({ body: { success: true } })), 'warn', /no saved execution shows which node answered/],
], { callReads: true, executionWaitMs: 200 });
table('read-tools', [
	['each execution listed a little after its answer: told apart by id, not by time', (d) => void (d.endpoint.executionDelayMs = 150), 'ok', /6 read-only tools answered, each from its own node/],
], { callReads: true, executionWaitMs: 1000 });
table('read-tools', [
	['queue mode, no answer: a worker without the package', (d) => Object.assign(d.endpoint, { mode: 'queue', answer: () => 'hang' }), 'fail', /no answer within 0\.5 s: in queue mode no worker ran it; the n8n-nodes-hermes package may be missing on a worker/],
], { callReads: true, timeoutMs: 500 });

table(
	'approvals',
	[
		['table, page and public URL', () => undefined, 'ok', /^table "hermes_approvals" has its columns, the page answers at http:\/\/127\.0\.0\.1:\d+\/webhook\/hermes-approval/],
		['the table deleted', (d) => void d.n8n.tables.clear(), 'fail', /hermes_approvals/],
		['a column missing', (d) => void [...d.n8n.tables.values()][0].columns.pop(), 'fail', /hermes_approvals/],
		['the page answers a link without a request with its 404 page', (d) => void (d.endpoint.pageStatus = 404), 'ok', /the page answers/],
		['the page not published', (d) => void (d.endpoint.pagePublished = false), 'fail', /404, the approval page workflow is not published/],
		['the public URL unreachable', (d) => void (d.config.approvals!.publicUrl = 'http://127.0.0.1:9'), 'fail', /http:\/\/127\.0\.0\.1:9\/webhook\/hermes-approval is not reachable from here/],
	],
	{},
	true,
);

// Real: the generator and doctor. Stand-in: the n8n API (fakeDeployment), with its data tables as push made them.
table('creates', [
	['the store, and no lock table', () => undefined, 'ok', /^table "hermes_creates" has its columns$/],
	['the store deleted', (d) => void d.n8n.tables.delete([...d.n8n.tables.values()].find((t) => t.name === 'hermes_creates')!.id), 'fail', /data table "hermes_creates" is not in n8n \(push creates it\)/],
	['a column missing', (d) => void [...d.n8n.tables.values()].find((t) => t.name === 'hermes_creates')!.columns.pop(), 'fail', /hermes_creates/],
]);

test('doctor checks approvals and creates: only the two stores, no lock table pushed, desired or read', async () => {
	const deployment = await fakeDeployment({ withApprovals: true });
	try {
		expect([...deployment.n8n.tables.values()].map((t) => t.name)).toEqual(['hermes_approvals', 'hermes_creates']);
		const context = deployment.context({});
		expect(context.desired.dataTables.map((t) => t.name)).toEqual(['hermes_approvals', 'hermes_creates']);
		deployment.n8n.calls.length = 0;
		const report = await runDoctor(context, CHECKS.filter((c) => c.id === 'approvals' || c.id === 'creates'));
		expect(report.checks.map((c) => [c.id, c.status])).toEqual([['approvals', 'ok'], ['creates', 'ok']]);
		expect(new Set(deployment.n8n.calls.filter((call) => call.includes('/data-tables')))).toEqual(new Set(['GET /data-tables?name=hermes_approvals', 'GET /data-tables?name=hermes_creates']));
	} finally {
		await deployment.close();
	}
});

test('doctor check creates: skipped when no tool creates once (a catalogue without a create tool)', async () => {
	const deployment = await fakeDeployment();
	try {
		const context = deployment.context({});
		const dataTables = desiredDataTables({ config: context.config, tools: CATALOGUE.filter((t) => !DEFAULT_CREATE_TOOLS.includes(t.name)) });
		expect(dataTables).toEqual([]);
		const report = await runDoctor({ ...context, desired: { ...context.desired, dataTables } }, CHECKS.filter((c) => c.id === 'creates'));
		expect(report.skipped).toEqual([{ id: 'creates', title: 'creates', reason: 'no tool creates once (every create tool is gated, or there is none)' }]);
	} finally {
		await deployment.close();
	}
});

describe('doctor check read-tools with --no-call-reads: a warning that it did not check, never a skip or an ok', () => {
	it.each<[string, boolean, string]>([
		['--no-call-reads', false, 'warn'],
		['the default', true, 'ok'],
	])('%s: %s', async (_case, callReads, status) => {
		const { result } = await check('read-tools', () => undefined, { callReads });
		expect(result).toMatchObject({ id: 'read-tools', status });
		if (status === 'warn') expect(result).toMatchObject({ message: expect.stringContaining('not checked: the read-only tools were not called (--no-call-reads)'), fix: 'run doctor without --no-call-reads' });
	});
});

describe('doctor check approvals and admin-scopes: skipped without their config', () => {
	it.each<[string, Parameters<FakeDeployment['context']>[0], string]>([
		['approvals', {}, 'the config has no approvals'],
		['admin-scopes', {}, 'the config has no admin channel'],
	])('%s', async (id, options, reason) => {
		const { result } = await check(id, () => undefined, options);
		expect(result).toEqual({ id, title: CHECKS.find((c) => c.id === id)!.title, reason });
	});
});

describe('doctor as a whole', () => {
	it('a healthy deployment: every check ok, nothing written, text one line per check', async () => {
		const deployment = await fakeDeployment();
		try {
			deployment.n8n.calls.length = 0;
			const report = await runDoctor(deployment.context({ callReads: true }));
			expect(report.checks.map((c) => [c.id, c.status])).toEqual(report.checks.map((c) => [c.id, 'ok']));
			expect(report.ok).toBe(true);
			expect(deployment.n8n.writes).toEqual([]);
			expect(deployment.endpoint.calls.filter((c) => c.startsWith('tools/call')).map((c) => c.split(' ')[1]).sort()).toEqual(
				['crm_list_leads', 'crm_list_stages', 'docker_read', 'monitoring_alerts', 'odoo_list_projects', 'vault_list'],
			);
			const lines = renderText(report).trimEnd().split('\n');
			expect(lines.filter((l) => l.startsWith('ok  '))).toHaveLength(report.checks.length);
		} finally {
			await deployment.close();
		}
	});
});

describe('doctor helpers', () => {
	it.each<[string, string | undefined]>([
		[`<meta name="n8n:config:sentry" content="${Buffer.from('{"dsn":"","release":"n8n@2.41.1"}').toString('base64')}">`, '2.41.1'],
		[`<meta name="n8n:config:sentry" content="${Buffer.from('{"release":"other"}').toString('base64')}">`, undefined],
		['<meta name="n8n:config:sentry" content="not base64 json">', undefined],
		['<html></html>', undefined],
	])('versionFromEditorPage(%s) = %s', (html, version) => expect(versionFromEditorPage(html)).toBe(version));

	it.each<[string, 'queue' | 'regular', boolean | 'unknown']>([
		['2.20.12', 'queue', true],
		['2.20.12', 'regular', false],
		['1.99.0', 'queue', true],
		['2.21.3', 'queue', 'unknown'],
		['2.22.0', 'queue', false],
		['2.41.1', 'queue', false],
		['3.0.0', 'queue', false],
		['nonsense', 'queue', 'unknown'],
	])('mcpTriggerMisroutes(%s, %s) = %s', (version, mode, risk) => expect(mcpTriggerMisroutes(version, mode)).toBe(risk));

	it.each<[Parameters<typeof misroutingRisk>[0], boolean | 'unknown']>([
		[{ version: '2.41.1' }, false],
		[{ version: '2.20.12' }, 'unknown'],
		[{ version: '2.20.12', mode: 'queue' }, true],
		[{}, 'unknown'],
	])('misroutingRisk(%j) = %s', (instance, risk) => expect(misroutingRisk(instance)).toBe(risk));

	it.each<[number, boolean]>([
		[403, false],
		[404, true],
		[200, true],
		[401, true],
	])('authProblem(%d): a problem %s', (status, problem) => expect(authProblem(status, 'x') !== undefined).toBe(problem));

	const text = (value: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
	it.each<[unknown, 'fail' | 'warn' | undefined]>([
		[text({ success: true }), undefined],
		[text([{ id: 1 }]), undefined],
		[text([{ response: { success: true } }]), undefined],
		[text({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments' }), 'warn'],
		[text({ success: false, error: '__STALE_READ__', retry: 'after_read' }), 'warn'],
		[text({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' }), 'fail'],
		[text({ success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' }), 'fail'],
		[text([{ response: { success: false, error: '__UNAVAILABLE__', retry: 'later' } }]), 'fail'],
		[text({ success: false, error: 'something broke' }), 'fail'],
		[text([{ response: { success: false, error: 'broke' } }]), 'fail'],
		[{ content: [{ type: 'text', text: 'boom' }], isError: true }, 'fail'],
		[{ content: [] }, 'fail'],
	])('answerProblem(%j) is %s', (result, level) => expect(answerProblem(result)?.level).toBe(level));

	it.each<[{ status: number; body: string } | undefined, boolean]>([
		[{ status: 200, body: '<h1>Approval request</h1>' }, false],
		[{ status: 404, body: '<h1>Not decided</h1>' }, false],
		[{ status: 400, body: '' }, false],
		[{ status: 404, body: '{"code":404,"message":"The requested webhook \\"GET hermes-approval\\" is not registered."}' }, true],
		[{ status: 502, body: 'Bad Gateway' }, true],
		[undefined, true],
	])('pageProblem(%j): a problem %s', (answer, problem) => expect(pageProblem(answer, 'http://x') !== undefined).toBe(problem));
});
