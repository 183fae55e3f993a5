/** The approval gates as generated: which tools, what the MCP workflow offers, what each gate and the page hold. */
import { createHash } from 'node:crypto';

import { APPROVAL_RETRY, HINT_QUOTE_CAPS, VAULT_LIMITS } from '../../../../core';

import { REFUSAL_HINTS, REFUSAL_MARKER, REFUSAL_REASONS } from '../../../../generator/approvals/answers';
import { APPROVAL_ID_PARAM, APPROVAL_PAGE_FILE, GATED_NOTE, gateWorkflowFileName } from '../../../../generator/approvals/gatedTools';
import { gatedNames as gatedToolNames } from '../../../helpers/plans';
import { APPROVAL_COLUMNS } from '../../../../generator/approvals/store';
import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { TRIGGER_NAME } from '../../../../generator/builders/mcpWorkflow';
import { GATE_NODES } from '../../../../generator/approvals/gate';
import { CLAIMED } from '../../../../generator/dataTables/claim';
import { PAGE_NODES } from '../../../../generator/approvals/page';
import { ConfigError, defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { telegramChatIdProblem } from '../../../../generator/config/schema';
import { collectFromAiCalls } from '../../../../generator/fromAi';
import { importWorkflow } from '../../../../generator/importer/importWorkflow';
import { lintWorkflow } from '../../../../generator/lint';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';

const SENSITIVE = CATALOGUE.filter((t) => t.sensitive).map((t) => t.name);
const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };

function config(approvals: Record<string, unknown> | undefined, more: Partial<HermesConfig> = {}): HermesConfig {
	return parseConfig({ ...defaultConfig(), ...more, ...(approvals ? { approvals } : {}) });
}

const withApprovals = (extra: Record<string, unknown> = {}, more: Partial<HermesConfig> = {}) =>
	generated(CATALOGUE, config({ channel: EMAIL, publicUrl: 'https://n8n.example.com/', ...extra }, more));

const workflowOf = (files: ReturnType<typeof generated>, file: string) => files.byName(file).workflow as Workflow;
const nodeOf = (workflow: Workflow, name: string): WorkflowNode => {
	const found = workflow.nodes.find((n) => n.name === name);
	if (!found) throw new Error(`no node ${name} in ${workflow.name}`);
	return found;
};
/** Every string value in a node's parameters. */
const strings = (value: unknown): string[] =>
	typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('config approvals', () => {
	it.each([
		['no approvals', true, undefined],
		['email with defaults', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com' }],
		['telegram chat id', true, { channel: { type: 'telegram', credential: 'T', chatId: '-100123' }, publicUrl: 'http://127.0.0.1:5678' }],
		['listed tools', true, { tools: ['docker_manage'], channel: EMAIL, publicUrl: 'https://n8n.example.com' }],
		['ttl at the cap', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', ttlMinutes: 1440 }],
		['no channel', false, { publicUrl: 'https://n8n.example.com' }],
		['no publicUrl', false, { channel: EMAIL }],
		['publicUrl not a URL', false, { channel: EMAIL, publicUrl: 'n8n.example.com' }],
		['publicUrl not http', false, { channel: EMAIL, publicUrl: 'ftp://n8n.example.com' }],
		['email without recipients', false, { channel: { ...EMAIL, to: [] }, publicUrl: 'https://n8n.example.com' }],
		['bad sender', false, { channel: { ...EMAIL, from: 'hermes' }, publicUrl: 'https://n8n.example.com' }],
		['unknown channel', false, { channel: { type: 'slack', credential: 'S' }, publicUrl: 'https://n8n.example.com' }],
		['telegram chat id with letters', false, { channel: { type: 'telegram', credential: 'T', chatId: 'ops' }, publicUrl: 'https://n8n.example.com' }],
		['ttl 0', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', ttlMinutes: 0 }],
		['ttl over a day', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', ttlMinutes: 1441 }],
		['kept 10 years', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', keepDays: 3650 }],
		['kept 0 days', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', keepDays: 0 }],
		['table in upper case (n8n looks tables up in lower case)', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', table: 'Approvals' }],
		['a store of its own name', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', table: 'ops_requests' }],
		['a store named as the old lock table (there is no lock table to clash with)', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', table: 'hermes_approval_locks' }],
		['a lock table, the old default (removed: identical calls are told apart by their own rows)', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', lockTable: 'hermes_approval_locks' }],
		['a lock table of its own name beside its store (removed)', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', table: 'ops_requests', lockTable: 'ops_locks' }],
		['a lock table in upper case (removed)', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', lockTable: 'Locks' }],
		['page path with a slash', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', pagePath: 'a/b' }],
		['page path = the MCP path', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', pagePath: 'hermes-tools' }],
		['unknown key', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', ttl: 5 }],
		['empty tool list', false, { tools: [], channel: EMAIL, publicUrl: 'https://n8n.example.com' }],
		['one request an hour', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', requestsPerWindow: 1 }],
		['no request at all', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', requestsPerWindow: 0 }],
		['a fractional cap', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', requestsPerWindow: 2.5 }],
		['a window of a day', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', windowMinutes: 1440 }],
		['a window over a day', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', windowMinutes: 1441 }],
		['arguments capped at 100 characters', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', maxArgsChars: 100 }],
		['arguments capped under 100 characters', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', maxArgsChars: 99 }],
		['arguments capped at the default', true, { channel: EMAIL, publicUrl: 'https://n8n.example.com', maxArgsChars: 910_000 }],
		['arguments capped over the default', false, { channel: EMAIL, publicUrl: 'https://n8n.example.com', maxArgsChars: 910_001 }],
	])('%s -> valid: %s', (_case, valid, approvals) => {
		const parse = () => config(approvals as Record<string, unknown> | undefined);
		if (valid) expect(parse).not.toThrow();
		else expect(parse).toThrow(ConfigError);
	});

	it('fills the defaults: 15 minutes, hermes_approvals, the page path and names', () => {
		expect(config({ channel: EMAIL, publicUrl: 'https://n8n.example.com' }).approvals).toEqual({
			channel: EMAIL,
			publicUrl: 'https://n8n.example.com',
			ttlMinutes: 15,
			keepDays: 30,
			pagePath: 'hermes-approval',
			table: 'hermes_approvals',
			pageWorkflow: 'Hermes Approval Page',
			gateWorkflowPrefix: 'Hermes Approval - ',
			requestsPerWindow: 10,
			requestsPerPerson: 10,
			windowMinutes: 60,
			maxArgsChars: 910_000,
		});
	});

	it.each([
		['a 25-line meeting note of 2,600 characters', 'research/meeting.md', Array.from({ length: 25 }, (_, i) => `${i + 1}. ${'Discussed the roadmap and owners. '.repeat(3)}`).join('\n').slice(0, 2600)],
		['the largest note the vault takes, all of it control bytes (6 characters each as JSON)', `research/${'n'.repeat(200)}.md`, '\u0001'.repeat(VAULT_LIMITS.writeBytes)],
	])('maxArgsChars by default holds any vault_write the vault takes: %s', (_what, path, content) => {
		const args = { path, content, base_hash: 'f'.repeat(64) };
		expect(Buffer.byteLength(content)).toBeLessThanOrEqual(VAULT_LIMITS.writeBytes);
		expect(JSON.stringify(args).length).toBeLessThanOrEqual(config({ channel: EMAIL, publicUrl: 'https://n8n.example.com' }).approvals!.maxArgsChars);
	});
});

describe('the Telegram chat approval requests go to', () => {
	const parse = (chatId: string) => () => config({ channel: { type: 'telegram', credential: 'T', chatId }, publicUrl: 'https://n8n.example.com' });

	it.each([
		['a private chat', '424242', undefined],
		['a group', '-4242', undefined],
		['a supergroup or private channel', '-1001234567890', undefined],
		['a public @channel', '@ops_alerts', 'is a public channel, which anyone can read, the agent included'],
		['a public @channel of a bot-like name', '@hermes_approvals_bot', 'getUpdates shows chat.id'],
		['letters', 'ops', 'a numeric Telegram chat id'],
		['a number with a plus', '+4242', 'a numeric Telegram chat id'],
		['a lone minus', '-', 'a numeric Telegram chat id'],
		['empty', '', 'a numeric Telegram chat id'],
		['too long for an id', '1'.repeat(21), 'a numeric Telegram chat id'],
	])('%s (%j) -> %s', (_case, chatId, refusal) => {
		expect(telegramChatIdProblem(chatId) === undefined).toBe(refusal === undefined);
		if (refusal === undefined) expect(parse(chatId)).not.toThrow();
		else {
			expect(telegramChatIdProblem(chatId)).toContain(refusal);
			expect(parse(chatId)).toThrow(ConfigError);
		}
	});
});

describe('which tools are gated', () => {
	it('by default the catalogue\'s sensitive tools', () => {
		expect(SENSITIVE).toEqual(['crm_delete_lead', 'timesheet_delete', 'docker_manage']);
		expect(gatedToolNames(CATALOGUE, config({ channel: EMAIL, publicUrl: 'https://x.example' }))).toEqual(SENSITIVE);
	});

	it('none without approvals', () => {
		expect(gatedToolNames(CATALOGUE, config(undefined))).toEqual([]);
	});

	it.each([
		[['vault_write'], undefined],
		[['crm_update_lead'], undefined],
		[['nope'], 'not in the catalogue'],
		[['content_generate'], 'cannot be gated'],
	])('tools %j -> %s', (tools, error) => {
		const run = () => gatedToolNames(CATALOGUE, config({ tools, channel: EMAIL, publicUrl: 'https://x.example' }));
		if (error) expect(run).toThrow(error);
		else expect(run()).toEqual(tools);
	});

	it('refuses a tool that already has an approval_id parameter', () => {
		const clash = { ...CATALOGUE[0], parameters: [...CATALOGUE[0].parameters, { key: APPROVAL_ID_PARAM, type: 'string', description: 'x', required: false, default: '' }] } as ToolSpec;
		expect(() => gatedToolNames([clash], config({ tools: [clash.name], channel: EMAIL, publicUrl: 'https://x.example' }))).toThrow(APPROVAL_ID_PARAM);
	});
});

describe('generate with approvals', () => {
	const plain = generated(CATALOGUE, config(undefined));
	const files = withApprovals();

	it('without approvals nothing changes: no gate, no page', () => {
		expect(plain.files.map((f) => f.file).filter((f) => f.includes('approval'))).toEqual([]);
	});

	it('writes one gate per gated tool and the page, and the tools workflow keeps 1 trigger + 1 node per tool', () => {
		expect(files.files.map((f) => f.file).filter((f) => f.includes('approval'))).toEqual([
			...SENSITIVE.map(gateWorkflowFileName),
			APPROVAL_PAGE_FILE,
		]);
		expect(SENSITIVE.map(gateWorkflowFileName)).toContain('hermes-approval-crm-delete-lead.json');
		expect(files.main.nodes).toHaveLength(CATALOGUE.length + 1);
		// The ungated tools are exactly as without approvals; the trigger's instructions gain the approval protocol.
		const ungated = (w: Workflow) => w.nodes.filter((n) => !SENSITIVE.includes(n.name) && n.name !== TRIGGER_NAME);
		expect(ungated(files.main)).toEqual(ungated(plain.main));
		const instructions = (w: Workflow) => String(w.nodes.find((n) => n.name === TRIGGER_NAME)!.parameters.instructions);
		expect(instructions(plain.main)).not.toContain('Approval:');
		expect(instructions(files.main)).toContain(`Approval: ${SENSITIVE.join(', ')} run only after a person approves the exact call.`);
	});

	it.each(SENSITIVE)('%s becomes a toolWorkflow calling its gate, with its own parameters plus an optional approval_id', (tool) => {
		const node = nodeOf(files.main, tool);
		expect(node.type).toBe('@n8n/n8n-nodes-langchain.toolWorkflow');
		expect(node.parameters.workflowId).toMatchObject({ cachedResultName: `Hermes Approval - ${tool}` });
		expect(String(node.parameters.description)).toContain(GATED_NOTE.trim());
		const calls = collectFromAiCalls(node.parameters);
		const spec = CATALOGUE.find((t) => t.name === tool)!;
		expect(calls.map((c) => c.key)).toEqual([...spec.parameters.map((p) => p.key), APPROVAL_ID_PARAM]);
		expect(calls.find((c) => c.key === APPROVAL_ID_PARAM)).toMatchObject({ type: 'string', defaultValue: '' });
	});

	it('the manifest names each gate', () => {
		expect(files.manifest.tools.filter((t) => t.gate).map((t) => [t.tool, t.gate])).toEqual(SENSITIVE.map((t) => [t, `Hermes Approval - ${t}`]));
	});

	it('every generated file lints clean, the HMT017 warnings included', () => {
		for (const file of files.files.filter((f) => f.workflow)) {
			expect({ file: file.file, findings: lintWorkflow(file.workflow, { file: file.file, manifest: file.manifest }) }).toEqual({ file: file.file, findings: [] });
		}
	});

	it('no expression holds {{ or }} inside it (n8n would cut it there)', () => {
		for (const file of files.files.filter((f) => f.workflow)) {
			for (const text of strings(file.workflow)) {
				if (!text.startsWith('={{')) continue;
				expect(text.slice(3, -2).includes('{{') || text.slice(3, -2).includes('}}')).toBe(false);
			}
		}
	});
});

describe('a gate', () => {
	const files = withApprovals({ ttlMinutes: 30 });
	const gate = (tool: string) => workflowOf(files, `hermes-approval-${tool.replace(/_/g, '-')}.json`);

	it.each(SENSITIVE)('%s: keeps no data of a successful run and accepts only listed callers', (tool) => {
		expect(gate(tool).settings).toMatchObject({ saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all', callerPolicy: 'workflowsFromAList' });
	});

	it.each(SENSITIVE)('%s: its trigger takes the tool parameters, approval_id, and the raw call its check refuses other arguments by', (tool) => {
		const spec = CATALOGUE.find((t) => t.name === tool)!;
		const values = (nodeOf(gate(tool), GATE_NODES.trigger).parameters.workflowInputs as { values: Array<{ name: string }> }).values;
		expect(values.map((v) => v.name)).toEqual([...spec.parameters.map((p) => p.key), APPROVAL_ID_PARAM, 'agent_call', 'accepted_arguments']);
	});

	it('claims with one conditional update on every condition of a usable approval', () => {
		const claim = nodeOf(gate('crm_delete_lead'), GATE_NODES.claim);
		expect(claim.alwaysOutputData).toBe(true);
		expect(claim.parameters).toMatchObject({ operation: 'update', matchType: 'allConditions', dataTableId: { mode: 'name', value: 'hermes_approvals' } });
		const conditions = (claim.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> }).conditions;
		expect(conditions.map((c) => [c.keyName, c.condition])).toEqual([
			['deployment', 'eq'],
			['approval_id', 'eq'],
			['tool', 'eq'],
			['args_hash', 'eq'],
			['status', 'eq'],
			['expires_at', 'gt'],
		]);
		expect(conditions.find((c) => c.keyName === 'deployment')?.keyValue).toBe('hermes-tools');
		expect(conditions.find((c) => c.keyName === 'tool')?.keyValue).toBe('crm_delete_lead');
		expect(conditions.find((c) => c.keyName === 'status')?.keyValue).toBe('approved');
		expect((claim.parameters.columns as { value: Record<string, unknown> }).value).toMatchObject({ status: 'used' });
	});

	it('runs the action only on the claimed branch', () => {
		const workflow = gate('crm_delete_lead');
		expect(workflow.connections[GATE_NODES.claimed].main[0]).toEqual([{ node: 'crm_delete_lead', type: 'main', index: 0 }]);
		const incoming = Object.entries(workflow.connections).filter(([, out]) => out.main.some((targets) => targets.some((t) => t.node === 'crm_delete_lead')));
		expect(incoming.map(([source]) => source)).toEqual([GATE_NODES.claimed]);
	});

	it('an Odoo gate runs the Hermes Odoo node on the gate\'s input, with its Odoo credential', () => {
		const action = nodeOf(gate('crm_delete_lead'), 'crm_delete_lead');
		expect(action.type).toBe('n8n-nodes-hermes.hermesOdoo');
		expect(action.parameters).toMatchObject({ operation: 'delete' });
		// What runs is the call as checked and normalised, the one the person approved.
		expect(JSON.stringify(action.parameters.recordId)).toContain("JSON.parse($('Call').first().json.args_json)['lead_id']");
		expect(JSON.stringify(action.parameters)).not.toContain('$fromAI');
		expect(Object.keys(action.credentials ?? {})).toEqual(['hermesOdooApi']);
	});

	it('an Odoo tool listed beside a gateway tool: a gate for each', () => {
		const listed = withApprovals({ ttlMinutes: 30, tools: ['docker_manage', 'crm_update_lead'] });
		expect(listed.files.map((f) => f.file).filter((f) => f.startsWith('hermes-approval-') && f !== 'hermes-approval-page.json').sort()).toEqual(['hermes-approval-crm-update-lead.json', 'hermes-approval-docker-manage.json']);
	});

	it('the Docker gate runs the Docker node with its allow-list and settings', () => {
		const action = nodeOf(gate('docker_manage'), 'docker_manage');
		expect(action.type).toBe('n8n-nodes-hermes.hermesDocker');
		expect(action.parameters).toMatchObject({ allowedActions: 'start,stop,restart,update' });
		expect(action.credentials).toEqual({ hermesSshApi: { name: 'Hermes SSH' } });
	});

	it('stores only the hash of the secret, and the answer carries no secret', () => {
		const workflow = gate('docker_manage');
		const stored = (nodeOf(workflow, GATE_NODES.store).parameters.columns as { value: Record<string, string> }).value;
		expect(Object.keys(stored).sort()).toEqual(APPROVAL_COLUMNS.map((c) => c.name).filter((c) => !['decided_at', 'decided_address', 'decided_user_agent', 'used_at', 'outcome'].includes(c)).sort());
		expect(stored.secret_hash).toBe("={{ $json.secret.hash('sha256') }}");
		// Stored as a claim; only the File request node, once the claim went on, makes it pending.
		expect(stored.status).toBe(CLAIMED);
		expect(nodeOf(workflow, GATE_NODES.file).parameters).toMatchObject({ operation: 'update', dataTableId: { mode: 'name', value: 'hermes_approvals' } });
		expect((nodeOf(workflow, GATE_NODES.file).parameters.columns as { value: Record<string, unknown> }).value).toMatchObject({ status: 'pending' });
		expect(workflow.connections[GATE_NODES.file].main).toEqual([[{ node: GATE_NODES.notify, type: 'main', index: 0 }]]);
		const required = nodeOf(workflow, GATE_NODES.required);
		const fields = (required.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments;
		expect(fields.map((f) => f.name)).toEqual(['success', 'error', APPROVAL_ID_PARAM, 'summary', 'expires_at', 'hint', 'retry']);
		expect(JSON.stringify(fields)).not.toMatch(/\.secret\b/);
		expect(required.parameters.includeOtherFields).toBe(false);
	});

	it('the secret is 256 random bits from the Crypto node, the id a random uuid', () => {
		const workflow = gate('docker_manage');
		expect(nodeOf(workflow, GATE_NODES.newSecret).parameters).toEqual({ action: 'generate', dataPropertyName: 'secret', encodingType: 'hex', stringLength: 64 });
		expect(nodeOf(workflow, GATE_NODES.newId).parameters).toEqual({ action: 'generate', dataPropertyName: APPROVAL_ID_PARAM, encodingType: 'uuid' });
	});

	it("every call first deletes this deployment's requests that expired more than keepDays ago (and those stored before rows carried a deployment) and drops the arguments of its own that expired more than windowMinutes ago, then the tool checks it; a first call notifies once", () => {
		const workflow = withApprovals({ keepDays: 7, windowMinutes: 30 });
		const gateFile = workflowOf(workflow, 'hermes-approval-docker-manage.json');
		const forget = nodeOf(gateFile, GATE_NODES.forget);
		expect(forget).toMatchObject({ alwaysOutputData: true, onError: 'continueRegularOutput', parameters: { operation: 'deleteRows', matchType: 'allConditions' } });
		const expiredLongAgo = { keyName: 'expires_at', condition: 'lt', keyValue: '={{ $now.toMillis() - 604800000 }}' };
		expect((forget.parameters.filters as { conditions: unknown[] }).conditions).toEqual([{ keyName: 'deployment', condition: 'eq', keyValue: 'hermes-tools' }, expiredLongAgo]);
		const unowned = nodeOf(gateFile, GATE_NODES.forgetUnowned);
		expect(unowned).toMatchObject({ alwaysOutputData: true, executeOnce: true, onError: 'continueRegularOutput', parameters: { operation: 'deleteRows', matchType: 'allConditions' } });
		expect((unowned.parameters.filters as { conditions: unknown[] }).conditions).toEqual([{ keyName: 'deployment', condition: 'isEmpty' }, expiredLongAgo]);
		expect(gateFile.connections[GATE_NODES.trigger].main).toEqual([[{ node: GATE_NODES.forget, type: 'main', index: 0 }]]);
		expect(gateFile.connections[GATE_NODES.forget].main).toEqual([[{ node: GATE_NODES.forgetUnowned, type: 'main', index: 0 }]]);
		expect(gateFile.connections[GATE_NODES.forgetUnowned].main).toEqual([[{ node: GATE_NODES.forgetArguments, type: 'main', index: 0 }]]);
		const dropArguments = nodeOf(gateFile, GATE_NODES.forgetArguments);
		expect(dropArguments).toMatchObject({ alwaysOutputData: true, executeOnce: true, onError: 'continueRegularOutput', parameters: { operation: 'update', matchType: 'allConditions' } });
		expect((dropArguments.parameters.filters as { conditions: unknown[] }).conditions).toEqual([
			{ keyName: 'deployment', condition: 'eq', keyValue: 'hermes-tools' },
			{ keyName: 'expires_at', condition: 'lt', keyValue: '={{ $now.toMillis() - 1800000 }}' },
			{ keyName: 'args_json', condition: 'neq', keyValue: '' },
		]);
		expect((dropArguments.parameters.columns as { value: Record<string, unknown> }).value).toEqual({ args_json: '', changes_json: '' });
		expect(gateFile.connections[GATE_NODES.forgetArguments].main).toEqual([[{ node: GATE_NODES.check, type: 'main', index: 0 }]]);
		expect(nodeOf(gateFile, GATE_NODES.check).executeOnce).toBe(true);
		expect(nodeOf(gateFile, GATE_NODES.notify).executeOnce).toBe(true);
	});

	it('expires after ttlMinutes', () => {
		const call = nodeOf(gate('docker_manage'), GATE_NODES.call);
		expect(JSON.stringify(call.parameters)).toContain('$now.toMillis() + 1800000');
	});

	it('the notification links to the page on the public URL, and a failed send answers __UNAVAILABLE__', () => {
		const workflow = gate('docker_manage');
		const notify = nodeOf(workflow, GATE_NODES.notify);
		expect(notify).toMatchObject({ type: 'n8n-nodes-base.emailSend', onError: 'continueErrorOutput', credentials: { smtp: { name: 'Hermes SMTP' } } });
		expect(notify.parameters).toMatchObject({ fromEmail: 'hermes@example.com', toEmail: 'ops@example.com', emailFormat: 'text', options: { appendAttribution: false } });
		expect(String(notify.parameters.text)).toContain("'https://n8n.example.com/webhook/hermes-approval?id='");
		// The secret goes in the fragment, which no browser sends.
		expect(String(notify.parameters.text)).toContain("'#s=' + $('New secret').first().json.secret");
		expect(String(notify.parameters.text)).not.toContain('&s=');
		// A request nobody was told of does not stand: an identical call would otherwise be answered by it.
		expect(workflow.connections[GATE_NODES.notify].main).toEqual([
			[{ node: GATE_NODES.required, type: 'main', index: 0 }],
			[{ node: GATE_NODES.forgetUnsent, type: 'main', index: 0 }],
		]);
		expect(workflow.connections[GATE_NODES.forgetUnsent].main).toEqual([[{ node: GATE_NODES.notSent, type: 'main', index: 0 }]]);
		expect(JSON.stringify(nodeOf(workflow, GATE_NODES.notSent).parameters)).toContain('__UNAVAILABLE__');
	});

	it('telegram: the Telegram node to the chat, without link preview', () => {
		const telegram = withApprovals({ channel: { type: 'telegram', credential: 'Hermes Telegram', chatId: '4242' } });
		const notify = nodeOf(workflowOf(telegram, 'hermes-approval-docker-manage.json'), GATE_NODES.notify);
		expect(notify).toMatchObject({ type: 'n8n-nodes-base.telegram', credentials: { telegramApi: { name: 'Hermes Telegram' } } });
		expect(notify.parameters).toMatchObject({ operation: 'sendMessage', chatId: '4242', additionalFields: { appendAttribution: false, parse_mode: 'HTML', disable_web_page_preview: true } });
		expect(String(notify.parameters.text)).toMatch(/\.replaceAll\('&', '&amp;'\)\.replaceAll\('<', '&lt;'\)\.replaceAll\('>', '&gt;'\) \}\}$/);
	});

	it('a refusal says why, with the marker and retry policy of its reason', () => {
		expect(REFUSAL_REASONS.map((r) => [r, REFUSAL_MARKER[r], APPROVAL_RETRY[REFUSAL_MARKER[r]]])).toEqual([
			['unknown', '__APPROVAL_INVALID__', 'change_arguments'],
			['other_call', '__APPROVAL_INVALID__', 'change_arguments'],
			['denied', '__APPROVAL_DENIED__', 'never_here'],
			['used', '__APPROVAL_INVALID__', 'change_arguments'],
			['expired', '__APPROVAL_INVALID__', 'change_arguments'],
			['pending', '__APPROVAL_REQUIRED__', 'after_approval'],
		]);
		const refusal = JSON.stringify(nodeOf(gate('crm_delete_lead'), GATE_NODES.refusal).parameters);
		for (const reason of REFUSAL_REASONS) expect(refusal).toContain(JSON.stringify(REFUSAL_HINTS[reason]).slice(1, -1).slice(0, 40));
	});

	it('gates the same way in direct gateway mode', () => {
		const direct = withApprovals({}, { gatewayMode: 'direct' });
		expect(nodeOf(direct.main, 'docker_manage').type).toBe('@n8n/n8n-nodes-langchain.toolWorkflow');
		expect(nodeOf(workflowOf(direct, 'hermes-approval-docker-manage.json'), 'docker_manage').type).toBe('n8n-nodes-hermes.hermesDocker');
	});
});

describe('the approval page', () => {
	const page = workflowOf(withApprovals(), 'hermes-approval-page.json');

	it('has no default action: Enter in the secret field presses a hidden, disabled button, which submits nothing', () => {
		const show = JSON.stringify(nodeOf(page, PAGE_NODES.show).parameters);
		const buttons = [...show.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
		expect(buttons[0]).toContain('disabled');
		expect(buttons[0]).toContain('hidden');
		expect(buttons.slice(1).map((b) => /value=\W*(\w+)/.exec(b)?.[1])).toEqual(['approve', 'deny']);
	});

	it('serves GET and POST on the page path, answering from its own nodes; keeps no execution data', () => {
		// One method per webhook, so n8n reads allowedOrigins: another origin is not answered with its own Origin.
		expect(nodeOf(page, PAGE_NODES.webhook).parameters).toEqual({ httpMethod: 'GET', path: 'hermes-approval', responseMode: 'responseNode', options: { allowedOrigins: 'https://n8n.example.com' } });
		expect(nodeOf(page, PAGE_NODES.posted).parameters).toEqual({ httpMethod: 'POST', path: 'hermes-approval', responseMode: 'responseNode', options: { allowedOrigins: 'https://n8n.example.com' } });
		expect(page.connections[PAGE_NODES.webhook].main.map((targets) => targets[0].node)).toEqual([PAGE_NODES.find]);
		expect(page.connections[PAGE_NODES.posted].main.map((targets) => targets[0].node)).toEqual([PAGE_NODES.decide]);
		expect(page.settings).toMatchObject({ saveDataSuccessExecution: 'none', saveDataErrorExecution: 'none', callerPolicy: 'none' });
	});

	it('a GET only reads, by the request id among this deployment\'s alone (the secret is in the link\'s fragment, which browsers never send)', () => {
		const find = nodeOf(page, PAGE_NODES.find);
		expect(find.parameters.operation).toBe('get');
		const conditions = (find.parameters.filters as { conditions: Array<{ keyName: string; keyValue: unknown }> }).conditions;
		expect(conditions.map((c) => c.keyName)).toEqual(['deployment', 'approval_id']);
		expect(conditions[0].keyValue).toBe('hermes-tools');
		expect(JSON.stringify(find.parameters)).not.toContain('query.s');
	});

	it('the deciding POST records when, the X-Forwarded-For address and the User-Agent', () => {
		const values = (nodeOf(page, PAGE_NODES.decide).parameters.columns as { value: Record<string, string> }).value;
		expect(Object.keys(values)).toEqual(['status', 'decided_at', 'decided_address', 'decided_user_agent']);
		const evaluate = (expression: string, headers: Record<string, string>) => new Function('$json', `return ${expression.slice(4, -3)}`)({ headers }) as string;
		expect(evaluate(values.decided_address, { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' })).toBe('203.0.113.7, 10.0.0.2');
		expect(evaluate(values.decided_address, {})).toBe('');
		expect(evaluate(values.decided_user_agent, { 'user-agent': 'x'.repeat(1000) })).toHaveLength(HINT_QUOTE_CAPS.short);
	});

	it('every answer forbids framing, caching and the referrer; the page\'s own policy allows only its script and style', () => {
		for (const name of [PAGE_NODES.show, PAGE_NODES.decided]) {
			const options = nodeOf(page, name).parameters.options as { responseHeaders: { entries: Array<{ name: string; value: string }> } };
			expect(Object.fromEntries(options.responseHeaders.entries.map((e) => [e.name, e.value]))).toMatchObject({
				'X-Frame-Options': 'DENY',
				'Cache-Control': 'no-store',
				'Referrer-Policy': 'no-referrer',
			});
		}
		const body = String(nodeOf(page, PAGE_NODES.show).parameters.responseBody);
		const csp = /http-equiv=\\"Content-Security-Policy\\" content=\\"([^\\]+)\\"/.exec(body)?.[1] ?? '';
		const script = /<script>(.*?)<\/script>/.exec(body)?.[1] ?? '';
		expect(csp).toContain("default-src 'none'");
		expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script.replace(/\\'/g, "'"), 'utf8').digest('base64')}'`);
	});

	it('a POST decides by one conditional update: secret, pending, unexpired; anything but approve or deny matches nothing', () => {
		const decide = nodeOf(page, PAGE_NODES.decide);
		expect(decide.parameters).toMatchObject({ operation: 'update', matchType: 'allConditions' });
		const conditions = (decide.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: string }> }).conditions;
		expect(conditions.map((c) => [c.keyName, c.condition])).toEqual([
			['deployment', 'eq'],
			['approval_id', 'eq'],
			['secret_hash', 'eq'],
			['status', 'eq'],
			['expires_at', 'gt'],
		]);
		const status = conditions[3].keyValue;
		const evaluate = (decision: unknown) => new Function('$json', `return ${status.slice(4, -3)}`)({ body: { decision } }) as string;
		expect([evaluate('approve'), evaluate('deny'), evaluate('approved'), evaluate(undefined), evaluate('constructor')]).toEqual([
			'pending',
			'pending',
			'not a decision',
			'not a decision',
			'not a decision',
		]);
	});

	/** The page's HTML for a row as the GET finds it. */
	const render = (node: string, json: Record<string, unknown>) => {
		const body = String(nodeOf(page, node).parameters.responseBody).slice(4, -3);
		return new Function('$json', '$now', `return ${body}`)(json, { toMillis: () => Date.now() }) as string;
	};
	const open = { tool: 'docker_manage', status: 'pending', expires_at: Date.now() + 60_000, approval_id: 'x"y' };

	it('escapes what the agent sent before putting it in the page', () => {
		const html = render(PAGE_NODES.show, { ...open, args_json: JSON.stringify({ stack: '<script>alert(1)</script>', action: '\'&' }) });
		expect(html).toContain('stack = &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
		expect(html.match(/<script>/g)).toHaveLength(1);
		expect(html).toContain('action = &quot;&#39;&amp;&quot;');
		expect(html).toContain('value="x&quot;y"');
		expect(html).toContain('<h1>Approve this call?</h1>');
		expect(html).toContain('<form method="post" action="?id=x&quot;y">');
	});

	it('shows a decided request with its decision record, and no form', () => {
		const html = render(PAGE_NODES.show, { ...open, status: 'approved', args_json: '{}', decided_at: Date.UTC(2026, 0, 2, 3, 4, 5), decided_address: '203.0.113.7', decided_user_agent: 'Mozilla/5.0 <x>' });
		expect(html).toContain('<h1>Approval request</h1>');
		expect(html).toContain('Approved: the agent has not run it yet, and may run this call once.');
		expect(html).toContain('<dd>2026-01-02T03:04:05.000Z</dd>');
		expect(html).toContain('<dd>203.0.113.7</dd>');
		expect(html).toContain('<dd>Mozilla/5.0 &lt;x&gt;</dd>');
		expect(html).not.toContain('<form');
		expect(render(PAGE_NODES.show, { ...open, status: 'denied', args_json: '{}', decided_at: 1, decided_address: '' })).toContain('not known (no X-Forwarded-For header reached n8n)');
	});
});

describe('import of a gated workflow', () => {
	it('imports every ungated tool and names each gated one with what to do', () => {
		const files = withApprovals();
		// The create-once workflows beside it: the create tools read back as any ungated tool.
		const result = importWorkflow(files.main, 'hermes-mcp-tools.json', defaultConfig(), files.manifest, files.beside);
		expect(result.problems.map((p) => p.tool)).toEqual(SENSITIVE);
		expect(result.tools.map((t) => t.name)).toEqual(CATALOGUE.filter((t) => !t.sensitive).map((t) => t.name));
		for (const problem of result.problems) expect(problem.reason).toMatch(/calls the approval gate "Hermes Approval - \w+": import does not read a gated tool back/);
	});
});
