/**
 * The n8n Data Tables the workflows need (the approval and create stores): push makes sure each exists with
 * its columns BEFORE it pushes the workflows, since the gate workflows look their table up by
 * name when they run. A missing table is created, a missing column added; a user's own columns
 * and rows are never dropped or changed. With dryRun only GETs are made.
 */
import type { DataTableSpec } from '../dataTables/dataTableNode';
import { HermesError } from '../errors';
import type { LiveDataTable, N8nApi } from '../n8nClient/client';
import { N8nApiError } from '../n8nClient/errors';

/** A table as the config asks for it. */
export type DesiredDataTable = DataTableSpec;

export type DataTableAction = 'created' | 'columns-added' | 'unchanged';

export interface DataTableOutcome {
	name: string;
	/** Undefined only for a table a dry run would create. */
	id?: string;
	action: DataTableAction;
	/** Columns created or added (or that a dry run would). */
	added: string[];
}

/** The scopes push needs for data tables, named in every refusal. */
export const DATA_TABLE_SCOPES = 'dataTable:list dataTable:create dataTableColumn:create';

/**
 * A data table push cannot bring into the form the workflows need; nothing of the user's was
 * changed. `shape`: the table is there but not usable as it is (diff reports it as drift);
 * `access`: the key or the n8n cannot do it (diff cannot tell either, and stops).
 */
export class DataTableError extends HermesError {
	constructor(
		message: string,
		hint: string,
		readonly problem: 'shape' | 'access' = 'access',
	) {
		super(message, hint, 'n8n');
	}
}

/** Turns a refusal of the data table API into a message that names the table and the fix. */
function explain(error: unknown, table: string): unknown {
	if (!(error instanceof N8nApiError)) return error;
	const said = error.message;
	if (error.status === 403) {
		return new DataTableError(
			`the API key may not read or create the data table "${table}" the generated workflows use (${said})`,
			`give the key the scopes ${DATA_TABLE_SCOPES} (Settings > n8n API > edit the key), or use a key of the instance owner`,
		);
	}
	if (error.status === 404 || error.status === 405) {
		return new DataTableError(
			`this n8n has no data table API, needed for the data table "${table}" (${said})`,
			'the approval and create stores need Data Tables (n8n 1.113 or later, or 2.x, with Data Tables enabled): upgrade n8n',
		);
	}
	return error;
}

/**
 * The one table named exactly `name`. n8n's filter also returns longer names and other cases,
 * and so does the lookup of n8n's Data table node, which takes the first table whose name
 * contains the one it is given: with another such table there, a workflow could use either.
 */
function exactTable(candidates: readonly LiveDataTable[], name: string): LiveDataTable | undefined {
	const lookalikes = candidates.filter((table) => table.name !== name && table.name.toLowerCase().includes(name.toLowerCase()));
	if (lookalikes.length > 0) {
		throw new DataTableError(
			`the data tables ${lookalikes.map((t) => `"${t.name}" (id ${t.id})`).join(', ')} contain the name "${name}" in theirs; n8n's Data table node finds a table by a name it contains, so the generated workflows could read and write one of them instead`,
			`rename those tables in n8n (Overview > Data tables), or set the config's table names (approvals.table, creates.table) to names no other table's name contains, then run again`,
			'shape',
		);
	}
	const matches = candidates.filter((table) => table.name === name);
	if (matches.length > 1) {
		throw new DataTableError(
			`${matches.length} data tables are named "${name}" (ids ${matches.map((m) => m.id).join(', ')}, in projects ${matches.map((m) => m.projectId ?? '?').join(', ')}); push cannot tell which one the workflows use`,
			'rename or delete the extra ones in n8n (Overview > Data tables), then run again',
			'shape',
		);
	}
	return matches[0];
}

/** Columns the table lacks; a column of the same name but another type is refused, not changed. */
function missingColumns(live: LiveDataTable, wanted: DesiredDataTable): DesiredDataTable['columns'] {
	const byName = new Map(live.columns.map((column) => [column.name, column]));
	const clashes = wanted.columns.filter((column) => byName.has(column.name) && byName.get(column.name)!.type !== column.type);
	if (clashes.length > 0) {
		const list = clashes.map((c) => `"${c.name}" is ${byName.get(c.name)!.type}, must be ${c.type}`).join(', ');
		throw new DataTableError(
			`data table "${wanted.name}" (id ${live.id}) has columns of the wrong type: ${list}; push never changes a column`,
			`delete the table in n8n if its rows can go (push creates it again), or give it a new name in the config (approvals.table, creates.table, ...)`,
			'shape',
		);
	}
	return wanted.columns.filter((column) => !byName.has(column.name));
}

async function ensureOne(client: N8nApi, wanted: DesiredDataTable, dryRun: boolean, log: (line: string) => void): Promise<DataTableOutcome> {
	const would = dryRun ? 'would ' : '';
	const live = exactTable(await client.listDataTables(wanted.name), wanted.name);
	const names = (columns: DesiredDataTable['columns']) => columns.map((c) => c.name);
	if (!live) {
		// The other way round too: a new table whose name contains an older table's name could be
		// the one the older table's workflows (another deployment's, or the user's own) then find.
		const contained = (await client.listDataTables()).filter((table) => table.name.toLowerCase() !== wanted.name.toLowerCase() && wanted.name.toLowerCase().includes(table.name.toLowerCase()));
		if (contained.length > 0) {
			throw new DataTableError(
				`the new data table "${wanted.name}" would contain the names of ${contained.map((t) => `"${t.name}" (id ${t.id})`).join(', ')}; n8n's Data table node finds a table by a name it contains, so the workflows that use those tables could read and write the new one instead`,
				`set the config's table names (approvals.table, creates.table) to names that contain no other table's name (a prefix rather than a suffix: "ops_approvals", not "hermes_approvals_ops"), then run again`,
				'shape',
			);
		}
		const id = dryRun ? undefined : (await client.createDataTable(wanted)).id;
		log(`${would}create  data table ${wanted.name} (${wanted.columns.length} columns)${id ? ` -> id ${id}` : ''}`);
		return { name: wanted.name, id, action: 'created', added: names(wanted.columns) };
	}
	const missing = missingColumns(live, wanted);
	for (const column of dryRun ? [] : missing) {
		try {
			await client.addDataTableColumn(live.id, column);
		} catch (error) {
			if (!(error instanceof N8nApiError)) throw error;
			throw new DataTableError(
				`data table "${wanted.name}" (id ${live.id}) lacks the columns ${names(missing).join(', ')} and n8n did not add "${column.name}" (${error.message})`,
				`add them in n8n (Overview > Data tables > ${wanted.name}) with the types ${missing.map((c) => `${c.name}: ${c.type}`).join(', ')}, or give the key the scope dataTableColumn:create, then run again`,
			);
		}
	}
	log(missing.length === 0 ? `unchanged data table ${wanted.name} (id ${live.id})` : `${would}update  data table ${wanted.name} (id ${live.id}): add columns ${names(missing).join(', ')}`);
	return { name: wanted.name, id: live.id, action: missing.length === 0 ? 'unchanged' : 'columns-added', added: names(missing) };
}

/** Makes sure every table exists with its columns, in order; stops at the first it cannot fix. */
export async function ensureDataTables(
	client: N8nApi,
	tables: readonly DesiredDataTable[],
	options: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<DataTableOutcome[]> {
	const outcomes: DataTableOutcome[] = [];
	for (const table of tables) {
		try {
			outcomes.push(await ensureOne(client, table, options.dryRun === true, options.log ?? (() => undefined)));
		} catch (error) {
			throw explain(error, table.name);
		}
	}
	return outcomes;
}

/** For diff: what push would do to each table, read only. Empty = every table is as needed. */
export async function dataTableDrift(client: N8nApi, tables: readonly DesiredDataTable[]): Promise<string[]> {
	const findings: string[] = [];
	for (const table of tables) {
		let outcome: DataTableOutcome;
		try {
			[outcome] = await ensureDataTables(client, [table], { dryRun: true });
		} catch (error) {
			if (error instanceof DataTableError && error.problem === 'shape') {
				findings.push(error.message);
				continue;
			}
			throw error;
		}
		if (outcome.action === 'created') findings.push(`data table "${outcome.name}" is not in n8n (push creates it)`);
		if (outcome.action === 'columns-added') {
			findings.push(`data table "${outcome.name}" (id ${outcome.id}) lacks the columns ${outcome.added.join(', ')} (push adds them)`);
		}
	}
	return findings;
}
