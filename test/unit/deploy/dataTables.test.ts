import { APPROVAL_COLUMNS } from '../../../generator/approvals/store';
import { runCommand } from '../../../generator/cli/run';
import { DATA_TABLE_SCOPES, DataTableError, ensureDataTables, type DesiredDataTable } from '../../../generator/deploy/dataTables';
import { desiredDataTables, desiredWorkflows } from '../../../generator/deploy/desired';
import { detectDrift } from '../../../generator/deploy/drift';
import { pushWorkflows } from '../../../generator/deploy/push';
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
	it.each<[string, Parameters<typeof desiredDataTables>[0], string[]]>([
		['no approvals section: none', {}, []],
		[
			'approvals: the store under its configured name',
			{ approvals: { table: 'ops_approvals' } as NonNullable<Parameters<typeof desiredDataTables>[0]['approvals']> },
			['ops_approvals'],
		],
	])('%s', (_label, config, names) => {
		const tables = desiredDataTables(config);
		expect(tables.map((t) => t.name)).toEqual(names);
		for (const table of tables) expect(table.columns).toBe(APPROVAL_COLUMNS);
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
		expect(outcomes).toEqual([{ name: 'hermes_approvals', id: table.id, action: 'created', added: ALL }]);
	});

	it('present with its columns (and a user column, and tables whose names only contain it): unchanged, no write', async () => {
		const n8n = new FakeN8n();
		n8n.addTable('hermes_approvals_old', []);
		n8n.addTable('HERMES_APPROVALS', []);
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
		const added = APPROVAL_COLUMNS.slice(7).map((c) => c.name);
		expect(added.slice(0, 3)).toEqual(['expires_at', 'decided_at', 'used_at']);
		expect(writes).toEqual(added.map(() => `POST /data-tables/${table.id}/columns`));
		expect(lines).toEqual([`update  data table hermes_approvals (id ${table.id}): add columns ${added.join(', ')}`]);
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
			'a key without dataTableColumn:create, columns missing',
			(n8n) => void n8n.addTable('hermes_approvals', APPROVAL_COLUMNS.slice(0, 8)),
			['dataTableColumn:create'],
			new RegExp(`lacks the columns ${APPROVAL_COLUMNS.slice(8).map((c) => c.name).join(', ')} and n8n did not add "decided_at"`),
			new RegExp(`with the types ${APPROVAL_COLUMNS.slice(8).map((c) => `${c.name}: ${c.type}`).join(', ')}, or give the key the scope dataTableColumn:create`),
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
			(n8n) => void n8n.addTable('hermes_approvals', APPROVAL_COLUMNS.slice(0, 9)),
			[expect.stringMatching(new RegExp(`data table "hermes_approvals" \\(id T\\d+\\) lacks the columns ${APPROVAL_COLUMNS.slice(9).map((c) => c.name).join(', ')} \\(push adds them\\)`)) as unknown as string],
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
