import { APPROVAL_COLUMNS } from '../../../../generator/approvals/store';
import { defaultConfig, parseConfig } from '../../../../generator/config';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { CREATE_COLUMNS } from '../../../../generator/creates/store';
import { runCommand } from '../../../../generator/cli/run';
import { DATA_TABLE_SCOPES, DataTableError, ensureDataTables, type DesiredDataTable } from '../../../../generator/deploy/dataTables';
import { desiredDataTables, desiredWorkflows } from '../../../../generator/deploy/desired';
import { detectDrift } from '../../../../generator/deploy/drift';
import { pushWorkflows } from '../../../../generator/deploy/push';
import { httpError } from '../../../../generator/n8nClient/errors';
import { FakeN8n } from './fakeN8n';

/** The approval store as push makes sure of it, against an n8n in memory. */
const STORE: DesiredDataTable = { name: 'hermes_approvals', columns: APPROVAL_COLUMNS };
const ALL = APPROVAL_COLUMNS.map((c) => c.name);

async function ensure(n8n: FakeN8n, dryRun = false) {
	const lines: string[] = [];
	n8n.calls.length = 0;
	const outcomes = await ensureDataTables(n8n.client, [STORE], { dryRun, log: (line) => lines.push(line) });
	return { outcomes, lines, writes: [...n8n.writes] };
}

describe('desiredDataTables', () => {
	const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
	const config = (approvals?: Record<string, unknown>, rest: Record<string, unknown> = {}) =>
		parseConfig({ ...defaultConfig(), ...rest, ...(approvals ? { approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com', ...approvals } } : {}) });
	/** The create tools of the default catalogue: the Odoo creates and content_generate. */
	const creating = ['odoo_create_project', 'odoo_create_task', 'odoo_create_contact', 'crm_create_lead', 'timesheet_log_hours', 'content_generate'];

	it.each<[string, ReturnType<typeof config>, DesiredDataTable[]]>([
		['no approvals section: only the create store', config(), [{ name: 'hermes_creates', columns: CREATE_COLUMNS }]],
		['approvals: the approval store, then the create store', config({}), [{ name: 'hermes_approvals', columns: APPROVAL_COLUMNS }, { name: 'hermes_creates', columns: CREATE_COLUMNS }]],
		[
			'a table name and a tool list: the approval store under that name',
			config({ table: 'ops_approvals', tools: ['docker_manage'] }),
			[{ name: 'ops_approvals', columns: APPROVAL_COLUMNS }, { name: 'hermes_creates', columns: CREATE_COLUMNS }],
		],
		[
			'a gated create tool: the create store still, for the create tools not gated',
			config({ tools: ['crm_create_lead'] }),
			[{ name: 'hermes_approvals', columns: APPROVAL_COLUMNS }, { name: 'hermes_creates', columns: CREATE_COLUMNS }],
		],
		['gatewayMode direct: the Odoo creates and content_generate, which still hands off, still create once', config(undefined, { gatewayMode: 'direct' }), [{ name: 'hermes_creates', columns: CREATE_COLUMNS }]],
		['creates names set: the create store under that name', config(undefined, { creates: { table: 'ops_creates', workflowPrefix: 'Ops Create - ' } }), [{ name: 'ops_creates', columns: CREATE_COLUMNS }]],
	])('%s; no lock table, no seed rows', (_label, cfg, expected) => {
		const tables = desiredDataTables({ config: cfg, tools: CATALOGUE });
		// Exactly the stores, each with its columns and nothing else (no rows to seed).
		expect(tables).toStrictEqual(expected);
		expect(tables.map((t) => t.name).filter((name) => name.includes('lock'))).toEqual([]);
	});

	it('a catalogue without a create tool: no create store', () => {
		const tools = CATALOGUE.filter((t) => !creating.includes(t.name));
		expect(desiredDataTables({ config: config(), tools })).toEqual([]);
		expect(desiredDataTables({ config: config({}), tools })).toStrictEqual([{ name: 'hermes_approvals', columns: APPROVAL_COLUMNS }]);
	});

	it("push of a config's tables creates only the stores and never reads or writes a row", async () => {
		const n8n = new FakeN8n();
		const lines: string[] = [];
		const outcomes = await ensureDataTables(n8n.client, desiredDataTables({ config: config({}), tools: CATALOGUE }), { log: (line) => lines.push(line) });
		const [approvals, creates] = [...n8n.tables.values()];
		expect([...n8n.tables.values()].map((t) => t.name)).toEqual(['hermes_approvals', 'hermes_creates']);
		expect(n8n.writes).toEqual(['POST /data-tables', 'POST /data-tables']);
		expect(n8n.calls.filter((call) => call.includes('/rows'))).toEqual([]);
		expect(outcomes).toStrictEqual([
			{ name: 'hermes_approvals', id: approvals.id, action: 'created', added: APPROVAL_COLUMNS.map((c) => c.name) },
			{ name: 'hermes_creates', id: creates.id, action: 'created', added: CREATE_COLUMNS.map((c) => c.name) },
		]);
		expect(lines).toEqual([
			`create  data table hermes_approvals (${APPROVAL_COLUMNS.length} columns) -> id ${approvals.id}`,
			`create  data table hermes_creates (${CREATE_COLUMNS.length} columns) -> id ${creates.id}`,
		]);
	});

	it("an older deployment's lock tables left in n8n: push and diff neither use nor change them", async () => {
		const n8n = new FakeN8n();
		const lockColumns = [{ name: 'tool', type: 'string' as const }, { name: 'holder', type: 'string' as const }, { name: 'held_until', type: 'number' as const }];
		const old = [n8n.addTable('hermes_approval_locks', lockColumns), n8n.addTable('hermes_create_locks', lockColumns)];
		const before = structuredClone(old);
		const tables = desiredDataTables({ config: config({}), tools: CATALOGUE });
		await ensureDataTables(n8n.client, tables);
		expect([...n8n.tables.values()].map((t) => t.name)).toEqual(['hermes_approval_locks', 'hermes_create_locks', 'hermes_approvals', 'hermes_creates']);
		expect(old.map((t) => n8n.tables.get(t.id))).toEqual(before);
		expect(n8n.writes).toEqual(['POST /data-tables', 'POST /data-tables']);
		n8n.calls.length = 0;
		expect((await detectDrift(n8n.client, [], tables)).dataTables).toEqual([]);
		expect(n8n.writes).toEqual([]);
	});
});

describe('ensureDataTables', () => {
	it('missing: creates it with every column, one POST', async () => {
		const n8n = new FakeN8n();
		const { outcomes, lines, writes } = await ensure(n8n);
		expect(writes).toEqual(['POST /data-tables']);
		const [table] = [...n8n.tables.values()];
		expect(table.columns.map((c) => [c.name, c.type])).toEqual(APPROVAL_COLUMNS.map((c) => [c.name, c.type]));
		expect(lines).toEqual([`create  data table hermes_approvals (${APPROVAL_COLUMNS.length} columns) -> id ${table.id}`]);
		expect(outcomes).toStrictEqual([{ name: 'hermes_approvals', id: table.id, action: 'created', added: ALL }]);
	});

	it('present with its columns (and a user column, and a table whose name is contained in its): unchanged, no write', async () => {
		const n8n = new FakeN8n();
		n8n.addTable('hermes', []);
		const table = n8n.addTable('hermes_approvals', [...APPROVAL_COLUMNS, { name: 'note', type: 'string' }]);
		const { outcomes, lines, writes } = await ensure(n8n);
		expect(writes).toEqual([]);
		expect(lines).toEqual([`unchanged data table hermes_approvals (id ${table.id})`]);
		expect(outcomes[0].action).toBe('unchanged');
		expect(n8n.tables.get(table.id)!.columns.map((c) => c.name)).toEqual([...ALL, 'note']);
	});

	it('missing columns: adds only those, the user columns stay', async () => {
		const n8n = new FakeN8n();
		const table = n8n.addTable('hermes_approvals', [{ name: 'mine', type: 'boolean' }, ...APPROVAL_COLUMNS.slice(0, 7)]);
		const { lines, writes } = await ensure(n8n);
		const missing = APPROVAL_COLUMNS.slice(7).map((c) => c.name);
		expect(missing.slice(0, 3)).toEqual(['expires_at', 'decided_at', 'used_at']);
		expect(writes).toEqual(missing.map(() => `POST /data-tables/${table.id}/columns`));
		expect(lines).toEqual([`update  data table hermes_approvals (id ${table.id}): add columns ${missing.join(', ')}`]);
		expect(n8n.tables.get(table.id)!.columns.map((c) => c.name)).toEqual(['mine', ...ALL]);
	});

	it.each<[string, (n8n: FakeN8n) => void]>([
		['missing table', () => undefined],
		['missing columns', (n8n) => void n8n.addTable('hermes_approvals', [])],
		['present', (n8n) => void n8n.addTable('hermes_approvals', [...APPROVAL_COLUMNS])],
	])('--dry-run (%s) makes only GETs', async (_label, seed) => {
		const n8n = new FakeN8n();
		seed(n8n);
		const { writes, lines } = await ensure(n8n, true);
		expect(writes).toEqual([]);
		expect(lines.every((l) => l.startsWith('would ') || l.startsWith('unchanged '))).toBe(true);
	});

	it.each<[string, (n8n: FakeN8n) => void, string[], RegExp, RegExp]>([
		[
			'a column of the wrong type',
			(n8n) => void n8n.addTable('hermes_approvals', [{ name: 'expires_at', type: 'date' }]),
			[],
			/has columns of the wrong type: "expires_at" is date, must be number; push never changes a column/,
			/delete the table in n8n if its rows can go/,
		],
		[
			'another table whose name contains it (n8n\'s node could take that one)',
			(n8n) => {
				n8n.addTable('hermes_approvals', [...APPROVAL_COLUMNS]);
				n8n.addTable('hermes_approvals_old', []);
			},
			[],
			/the data tables "hermes_approvals_old" \(id T\d+\) contain the name "hermes_approvals" in theirs; n8n's Data table node finds a table by a name it contains/,
			/rename those tables in n8n .*or set the config's table names \(approvals.table, creates.table\)/,
		],
		[
			'a new table whose name contains an older one\'s (that one\'s workflows could take the new one)',
			(n8n) => void n8n.addTable('hermes_approval', []),
			[],
			/the new data table "hermes_approvals" would contain the names of "hermes_approval" \(id T\d+\); n8n's Data table node finds a table by a name it contains/,
			/a prefix rather than a suffix/,
		],
		[
			'the same name in capitals',
			(n8n) => void n8n.addTable('HERMES_APPROVALS', []),
			[],
			/"HERMES_APPROVALS" \(id T\d+\) contain the name "hermes_approvals"/,
			/rename those tables/,
		],
		[
			'two tables of that exact name',
			(n8n) => {
				n8n.addTable('hermes_approvals', []);
				n8n.addTable('hermes_approvals', []);
			},
			[],
			/2 data tables are named "hermes_approvals"/,
			/rename or delete the extra ones/,
		],
		[
			'a key without dataTable:list',
			() => undefined,
			['dataTable:list'],
			/the API key may not read or create the data table "hermes_approvals" .*GET .*data-tables.* answered 403/,
			/dataTable:list dataTable:create dataTableColumn:create/,
		],
		[
			'a key without dataTable:create',
			() => undefined,
			['dataTable:create'],
			/the API key may not read or create the data table "hermes_approvals" .*POST .*answered 403/,
			/dataTable:list dataTable:create dataTableColumn:create/,
		],
		[
			'an n8n without the data table API (404)',
			(n8n) => {
				n8n.listDataTables = () => Promise.reject(httpError('GET', `${n8n.root}/data-tables`, 404, '{"message":"Not Found"}'));
			},
			[],
			/this n8n has no data table API, needed for the data table "hermes_approvals"/,
			/^the approval and create stores need Data Tables \(n8n 1\.113 or later, or 2\.x, with Data Tables enabled\): upgrade n8n$/,
		],
		[
			'a key without dataTableColumn:create, columns missing',
			(n8n) => void n8n.addTable('hermes_approvals', APPROVAL_COLUMNS.filter((c) => !['decided_at', 'used_at'].includes(c.name))),
			['dataTableColumn:create'],
			/lacks the columns decided_at, used_at and n8n did not add "decided_at"/,
			/with the types decided_at: number, used_at: number, or give the key the scope dataTableColumn:create/,
		],
	])('%s: a DataTableError with a hint, nothing of the user changed', async (_label, seed, missingScopes, message, hint) => {
		const n8n = new FakeN8n({ missingScopes });
		seed(n8n);
		const before = structuredClone([...n8n.tables.values()]);
		const failure = await ensure(n8n).then(
			() => undefined,
			(error: unknown) => error,
		);
		expect(failure).toBeInstanceOf(DataTableError);
		expect((failure as DataTableError).message).toMatch(message);
		expect((failure as DataTableError).hint).toMatch(hint);
		expect([...n8n.tables.values()]).toEqual(before);
	});
});

describe('push and diff with data tables', () => {
	const generated = desiredWorkflows();

	it('push makes sure of the table before it pushes any workflow; a second push writes nothing', async () => {
		const n8n = new FakeN8n();
		const lines: string[] = [];
		const report = await pushWorkflows(n8n.client, generated, { dataTables: [STORE], log: (line) => lines.push(line) });
		expect(n8n.writes[0]).toBe('POST /data-tables');
		expect(report.dataTables.map((t) => t.action)).toEqual(['created']);
		expect(lines.findIndex((l) => l.startsWith('create  data table'))).toBeLessThan(lines.findIndex((l) => l.startsWith('create  Hermes')));
		n8n.calls.length = 0;
		const again = await pushWorkflows(n8n.client, generated, { dataTables: [STORE], log: (line) => lines.push(line) });
		expect(n8n.writes).toEqual([]);
		expect(again.changed).toBe(false);
	});

	it('push stops on a refused table before writing any workflow', async () => {
		const n8n = new FakeN8n({ missingScopes: ['dataTable:create'] });
		await expect(pushWorkflows(n8n.client, generated, { dataTables: [STORE] })).rejects.toThrow(DataTableError);
		expect(n8n.writes).toEqual(['POST /data-tables']);
	});

	it.each<[string, (n8n: FakeN8n) => void, string[]]>([
		['table present', (n8n) => void n8n.addTable('hermes_approvals', [...APPROVAL_COLUMNS]), []],
		['table missing', () => undefined, ['data table "hermes_approvals" is not in n8n (push creates it)']],
		[
			'columns missing',
			(n8n) => void n8n.addTable('hermes_approvals', APPROVAL_COLUMNS.filter((c) => c.name !== 'used_at')),
			[expect.stringMatching(/data table "hermes_approvals" \(id T\d+\) lacks the columns used_at \(push adds them\)/) as unknown as string],
		],
		['a column of the wrong type', (n8n) => void n8n.addTable('hermes_approvals', [{ name: 'status', type: 'number' }]), [expect.stringMatching(/wrong type/) as unknown as string]],
	])('diff: %s', async (_label, seed, findings) => {
		const n8n = new FakeN8n();
		await pushWorkflows(n8n.client, generated);
		seed(n8n);
		n8n.calls.length = 0;
		const report = await detectDrift(n8n.client, generated, [STORE]);
		expect(report.dataTables).toEqual(findings);
		expect(report.inSync).toBe(findings.length === 0);
		expect(n8n.writes).toEqual([]);
	});

	it('a DataTableError leaves a command as one error line and one hint line, exit 2', async () => {
		const err: string[] = [];
		const io = { stdout: () => undefined, stderr: (t: string) => err.push(t), env: {} };
		const code = await runCommand(io, undefined, () => {
			throw new DataTableError('the API key may not read or create the data table "t"', `give the key the scopes ${DATA_TABLE_SCOPES}`);
		});
		expect(code).toBe(2);
		expect(err.join('')).toBe(`error: the API key may not read or create the data table "t"\nhint: give the key the scopes ${DATA_TABLE_SCOPES}\n`);
	});
});
