/**
 * In-memory ORM of the Odoo stand-in: the model methods the catalogue's tools (the Hermes Odoo
 * node) and the recorded transcripts of n8n's Odoo node call, with Odoo's value conversion and
 * errors (unknown field, wrong value, missing record, mandatory field), so a badly wired tool
 * fails here the way it fails against Odoo.
 */
import { compileDomain, type StoredRecord } from './domain';
import {
	accessError,
	type AccessRight,
	badArguments,
	invalidField,
	mandatoryField,
	missingRecord,
	OdooError,
	type OdooVersion,
	rpcUnknownMethod,
	unknownModel,
	wrongValue,
} from './errors';
import { MODELS, SEED, type DefaultContext, type FieldSpec, type ModelSpec } from './models';
import { compileOrder } from './order';
import { MODEL_RULES } from './rules';
import { toOdooDate, toOdooDatetime, toOdooHtml, toPyFloat, toPyInt } from './values';

/** A model method call with its arguments bound to Odoo's parameter names. */
export interface MethodCall {
	model: string;
	method: string;
	/** Record ids for record methods (read, write, unlink). */
	ids?: number[];
	params: Record<string, unknown>;
	/** Which Odoo answers (messages differ): 18 unless set. */
	version?: OdooVersion;
}

export interface MethodSignature {
	recordMethod: boolean;
	params: string[];
	/** Parameters without a default. */
	required?: string[];
	/** The function that finally refuses a keyword the method passes on (`**kwargs`), if it takes them. */
	passesKeywordsTo?: string;
}

/** Parameter names of each supported method, in positional order (after `ids` for record methods). */
export const SIGNATURES: Readonly<Record<string, MethodSignature>> = {
	create: { recordMethod: false, params: ['vals_list'], required: ['vals_list'] },
	read: { recordMethod: true, params: ['fields', 'load'] },
	write: { recordMethod: true, params: ['vals'], required: ['vals'] },
	unlink: { recordMethod: true, params: [] },
	search: { recordMethod: false, params: ['domain', 'offset', 'limit', 'order'] },
	search_count: { recordMethod: false, params: ['domain', 'limit'] },
	search_read: { recordMethod: false, params: ['domain', 'fields', 'offset', 'limit', 'order'], passesKeywordsTo: 'BaseModel._read_format' },
	fields_get: { recordMethod: false, params: ['allfields', 'attributes'] },
	default_get: { recordMethod: false, params: ['fields_list'] },
	name_search: { recordMethod: false, params: ['name', 'domain', 'operator', 'limit'] },
	check_access_rights: { recordMethod: false, params: ['operation', 'raise_exception'], required: ['operation'] },
	// Odoo 18's successor of check_access_rights: a record method, on an empty set for the model's rights.
	has_access: { recordMethod: true, params: ['operation'], required: ['operation'] },
	context_get: { recordMethod: false, params: [] },
};

/** The right each method needs, as the ORM checks it (fields_get and default_get answer whatever the rights). */
const RIGHT_OF_METHOD: Readonly<Record<string, AccessRight>> = {
	create: 'create',
	read: 'read',
	write: 'write',
	unlink: 'unlink',
	search: 'read',
	search_count: 'read',
	search_read: 'read',
	name_search: 'read',
};

const ACCESS_RIGHTS: readonly string[] = ['read', 'write', 'create', 'unlink'];

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export class OdooStore {
	private readonly tables = new Map<string, Map<number, StoredRecord>>();
	private readonly nextIds = new Map<string, number>();
	private readonly refused = new Map<string, { rights: Set<AccessRight>; groups: readonly string[] }>();

	/**
	 * `seed` records are created in order; one that names its `id` keeps it (a recorded database
	 * has gaps). `nextIds` sets a model's id sequence, as a database whose last records were
	 * deleted continues after them.
	 */
	constructor(
		private readonly models: Readonly<Record<string, ModelSpec>> = MODELS,
		seed: ReadonlyArray<[string, Record<string, unknown>]> = SEED,
		private readonly uid = 2,
		nextIds: Readonly<Record<string, number>> = {},
	) {
		for (const name of Object.keys(models)) {
			this.tables.set(name, new Map());
			this.nextIds.set(name, 1);
		}
		for (const [model, record] of seed) this.insert(model, record);
		for (const [model, next] of Object.entries(nextIds)) this.nextIds.set(model, Math.max(next, this.nextIds.get(model) ?? 1));
	}

	/**
	 * Adds a record as a change outside the API would (a seed, or what a recording shows was done
	 * beside it): one that names its `id` keeps it, and the id sequence never moves back.
	 */
	insert(model: string, { id, ...vals }: Record<string, unknown>): void {
		const next = this.nextIds.get(model) ?? 1;
		if (typeof id === 'number') this.nextIds.set(model, id);
		this.create(model, [vals]);
		this.nextIds.set(model, Math.max(next, this.nextIds.get(model) ?? 1));
	}

	/** Records of a model as stored (many2one = id or false, many2many = id list), archived included. */
	all(model: string): StoredRecord[] {
		return [...this.table(model).values()].map((r) => ({ ...r }));
	}

	get(model: string, id: number): StoredRecord | undefined {
		const record = this.table(model).get(id);
		return record ? { ...record } : undefined;
	}

	/**
	 * Takes rights on a model away from the user, as a user outside the groups of its
	 * ir.model.access lines: Odoo then raises an AccessError naming the `groups` that would allow it.
	 */
	refuseAccess(model: string, rights: readonly AccessRight[], groups: readonly string[] = []): void {
		this.spec(model);
		this.refused.set(model, { rights: new Set(rights), groups });
	}

	private accessProblem(model: string, right: AccessRight): OdooError | undefined {
		const refused = this.refused.get(model);
		if (!refused?.rights.has(right)) return undefined;
		return accessError(model, this.spec(model).description ?? model, right, refused.groups);
	}

	private accessRight(operation: unknown): AccessRight {
		if (typeof operation !== 'string' || !ACCESS_RIGHTS.includes(operation)) {
			throw new OdooError('builtins.ValueError', `Invalid access mode: ${JSON.stringify(operation)}`, 422);
		}
		return operation as AccessRight;
	}

	hasModel(model: string): boolean {
		return model in this.models;
	}

	/** The model's spec (its write parameter's name, for one). */
	modelSpec(model: string): ModelSpec {
		return this.spec(model);
	}

	/**
	 * Runs `fn` as Odoo runs a request: in one transaction that an error rolls back whole. Id
	 * sequences stay advanced, as PostgreSQL's do.
	 */
	transaction<T>(fn: () => T): T {
		const saved = new Map([...this.tables].map(([model, table]) => [model, new Map([...table].map(([id, record]) => [id, structuredClone(record)]))]));
		try {
			return fn();
		} catch (error) {
			for (const [model, table] of saved) this.tables.set(model, table);
			throw error;
		}
	}

	execute(call: MethodCall): unknown {
		return this.transaction(() => this.run(call));
	}

	private run(call: MethodCall): unknown {
		const spec = this.spec(call.model);
		const signature = SIGNATURES[call.method];
		if (!signature) throw rpcUnknownMethod(call.model, call.method);
		const version = call.version ?? 18;
		const p = call.params;
		const ids = call.ids ?? [];
		const needed = RIGHT_OF_METHOD[call.method];
		const refusal = needed && this.accessProblem(call.model, needed);
		if (refusal) throw refusal;
		switch (call.method) {
			case 'check_access_rights': {
				const problem = this.accessProblem(call.model, this.accessRight(p.operation));
				if (problem && p.raise_exception !== false) throw problem;
				return !problem;
			}
			case 'has_access':
				return !this.accessProblem(call.model, this.accessRight(p.operation));
			case 'context_get':
				return { lang: 'en_US', tz: false, uid: this.uid };
			case 'create': {
				const created = this.create(call.model, p.vals_list, version);
				// create(dict) answers one id, create([dict, ...]) a list.
				return Array.isArray(p.vals_list) ? created : created[0];
			}
			case 'read':
				// Odoo reads what exists of the ids asked for: an unknown id is left out, not an error.
				return this.existing(call.model, ids, 'read', { skipMissing: true }).map((r) => this.present(call.model, r, p.fields, version));
			case 'write':
				this.write(call.model, ids, p.vals, version);
				return true;
			case 'unlink':
				for (const r of this.existing(call.model, ids, 'unlink')) this.table(call.model).delete(r.id);
				return true;
			case 'search':
				return this.search(call.model, p, version).map((r) => r.id);
			case 'search_count':
				return this.search(call.model, { domain: p.domain }, version).length;
			case 'search_read':
				return this.search(call.model, p, version).map((r) => this.present(call.model, r, p.fields, version));
			case 'fields_get':
				return this.fieldsGet(spec, p.allfields, p.attributes);
			case 'default_get':
				return this.defaults(spec, p.fields_list);
			default: {
				const matches = this.search(call.model, {
					domain: [[spec.recName, p.operator ?? 'ilike', p.name ?? ''], ...((p.domain as unknown[]) ?? [])],
					limit: p.limit ?? 100,
				});
				return matches.map((r) => [r.id, String(r[spec.recName] ?? '')]);
			}
		}
	}

	private spec(model: string): ModelSpec {
		const spec = this.models[model];
		if (!spec) throw unknownModel(model);
		return spec;
	}

	private table(model: string): Map<number, StoredRecord> {
		this.spec(model);
		return this.tables.get(model)!;
	}

	private existing(model: string, ids: unknown, method: string, options: { skipMissing?: boolean } = {}): StoredRecord[] {
		if (!Array.isArray(ids) || !ids.every(isId)) throw badArguments(method, `expected a list of record ids, got ${JSON.stringify(ids)}`);
		const table = this.table(model);
		const missing = ids.filter((id) => !table.has(id));
		if (missing.length && !options.skipMissing) throw missingRecord(model, missing, this.uid);
		return ids.filter((id) => table.has(id)).map((id) => table.get(id)!);
	}

	private create(model: string, valsList: unknown, version: OdooVersion = 18): number[] {
		const spec = this.spec(model);
		const list = Array.isArray(valsList) ? valsList : [valsList];
		const ids: number[] = [];
		const rules = MODEL_RULES[model];
		for (const raw of list) {
			const vals = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (rules?.beforeCreate?.({ ...(raw as Record<string, unknown>) }) ?? raw) : raw;
			const record: StoredRecord = { id: 0 };
			const given = this.convertVals(model, spec, vals, version, 'create');
			const context: DefaultContext = { uid: this.uid, vals: given, search: (m, domain) => this.search(m, { domain }).map((r) => r.id) };
			for (const [name, field] of Object.entries(spec.fields)) {
				if (name in given) continue;
				const value = typeof field.default === 'function' ? (field.default as (c: DefaultContext) => unknown)(context) : field.default;
				record[name] = value ?? (field.type === 'many2many' ? [] : false);
			}
			Object.assign(record, given);
			for (const [name, field] of Object.entries(spec.fields)) {
				if (field.required && (record[name] === false || record[name] === '')) throw mandatoryField(model, name);
			}
			rules?.check?.(record);
			record.id = this.nextIds.get(model)!;
			this.nextIds.set(model, record.id + 1);
			this.table(model).set(record.id, record);
			ids.push(record.id);
		}
		return ids;
	}

	private write(model: string, ids: unknown, raw: unknown, version: OdooVersion = 18): void {
		const spec = this.spec(model);
		const records = this.existing(model, ids, 'write');
		const rules = MODEL_RULES[model];
		const vals = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (rules?.beforeWrite?.({ ...(raw as Record<string, unknown>) }) ?? raw) : raw;
		const changes = this.convertVals(model, spec, vals, version, 'write');
		for (const [name, value] of Object.entries(changes)) {
			if (spec.fields[name].required && (value === false || value === '')) throw mandatoryField(model, name);
		}
		for (const record of records) {
			Object.assign(record, changes);
			rules?.afterWrite?.(record, changes, (m, id) => this.tables.get(m)?.get(id));
			rules?.check?.(record);
		}
	}

	/** Converts incoming values the way the ORM's convert_to_cache does, or refuses them. */
	private convertVals(model: string, spec: ModelSpec, vals: unknown, version: OdooVersion, how: 'create' | 'write'): Record<string, unknown> {
		if (typeof vals !== 'object' || vals === null || Array.isArray(vals)) {
			throw badArguments('create/write', `expected a dictionary of values, got ${JSON.stringify(vals)}`);
		}
		const out: Record<string, unknown> = {};
		for (const [name, value] of Object.entries(vals)) {
			const field = spec.fields[name];
			if (!field || field.readonly) throw invalidField(model, name, version);
			out[name] = this.convertValue(model, name, field, value, how);
		}
		return out;
	}

	private convertValue(model: string, name: string, field: FieldSpec, value: unknown, how: 'create' | 'write'): unknown {
		const wrong = () => wrongValue(model, name, value);
		// `float(value or 0.0)` and `int(value or 0)`: an unset number reads 0, never false.
		if (value === false || value === null) return field.type === 'many2many' ? [] : ['integer', 'float', 'monetary'].includes(field.type) ? 0 : false;
		switch (field.type) {
			case 'char':
			case 'text':
				if (typeof value === 'object') throw wrong();
				return String(value);
			case 'html':
				if (typeof value === 'object') throw wrong();
				return toOdooHtml(String(value));
			case 'integer':
				return toPyInt(value);
			case 'float':
			case 'monetary':
				return toPyFloat(value);
			case 'boolean':
				return Boolean(value);
			case 'date':
				if (typeof value !== 'string') throw wrong();
				// `to_date` returns None for any falsy value: "" clears the field.
				return value === '' ? false : toOdooDate(value);
			case 'datetime':
				if (typeof value !== 'string') throw wrong();
				return value === '' ? false : toOdooDatetime(value);
			case 'selection':
				if (!field.selection!.some(([key]) => key === value)) throw wrong();
				return value;
			case 'many2one':
				// A write converts for the cache, where anything but an int id (or a record) is
				// None: text "2" unsets the field. A create hands the value to PostgreSQL instead.
				if (how === 'write' && typeof value !== 'number') return false;
				return this.convertMany2one(model, name, field, value);
			case 'many2many':
				return this.convertX2many(field, value, wrong);
		}
	}

	/**
	 * Odoo hands a many2one value to PostgreSQL as is: 0 unsets it, a numeric string is cast by
	 * the database, anything else fails there. An unknown id is a MissingError of the related
	 * model: Odoo reads the related record (its company, its name) before anything is stored.
	 */
	private convertMany2one(model: string, name: string, field: FieldSpec, value: unknown): number | false {
		if (value === 0 || value === '') return false;
		const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
		if (!isId(id)) {
			throw new OdooError('psycopg2.errors.InvalidTextRepresentation', `invalid input syntax for type integer: ${JSON.stringify(value)}`, 422);
		}
		if (!this.table(field.relation!).has(id)) throw missingRecord(field.relation!, [id], this.uid);
		return id;
	}

	/** A plain id list, or the (6, 0, ids) / (4, id) commands clients send. */
	private convertX2many(field: FieldSpec, value: unknown, wrong: () => Error): number[] {
		if (!Array.isArray(value)) throw wrong();
		const ids = new Set<number>();
		for (const item of value) {
			if (isId(item)) ids.add(item);
			else if (Array.isArray(item) && item[0] === 6 && Array.isArray(item[2])) item[2].forEach((id: unknown) => isId(id) && ids.add(id));
			else if (Array.isArray(item) && item[0] === 4 && isId(item[1])) ids.add(item[1]);
			else throw wrong();
		}
		const table = this.table(field.relation!);
		const missing = [...ids].filter((id) => !table.has(id));
		if (missing.length) throw missingRecord(field.relation!, missing, this.uid);
		return [...ids];
	}

	private search(model: string, p: Record<string, unknown>, version: OdooVersion = 18): StoredRecord[] {
		const spec = this.spec(model);
		const predicate = compileDomain(model, spec, p.domain, (m, id) => this.displayName(m, id), version);
		const offset = typeof p.offset === 'number' ? p.offset : 0;
		const limit = typeof p.limit === 'number' && p.limit > 0 ? p.limit : undefined;
		const order = compileOrder(model, typeof p.order === 'string' && p.order.trim() ? p.order : spec.order, new Set(Object.keys(spec.fields)));
		const matches = [...this.table(model).values()].filter(predicate).sort(order);
		return matches.slice(offset, limit === undefined ? undefined : offset + limit);
	}

	private displayName(model: string, id: number): string | undefined {
		const record = this.tables.get(model)?.get(id);
		return record ? String(record[this.spec(model).recName] ?? '') : undefined;
	}

	/** A record as `read` answers it: many2one as [id, name], empty values as false. */
	private present(model: string, record: StoredRecord, fields: unknown, version: OdooVersion = 18): Record<string, unknown> {
		const spec = this.spec(model);
		const wanted = Array.isArray(fields) && fields.length ? (fields as string[]) : [...Object.keys(spec.fields), 'display_name'];
		const out: Record<string, unknown> = { id: record.id };
		for (const name of wanted) {
			if (name === 'id') continue;
			if (name === 'display_name') {
				out.display_name = this.displayName(model, record.id);
				continue;
			}
			const field = spec.fields[name];
			if (!field) throw invalidField(model, name, version, true);
			const value = record[name];
			if (field.type === 'many2one') {
				out[name] = value === false ? false : [value, this.displayName(field.relation!, value as number) ?? ''];
			} else {
				// An empty text stays empty: Odoo stores '' as given; only an unset field reads false.
				out[name] = value === undefined ? false : value;
			}
		}
		return out;
	}

	private fieldsGet(spec: ModelSpec, allfields: unknown, attributes: unknown): Record<string, Record<string, unknown>> {
		const described: Record<string, FieldSpec> = {
			id: { string: 'ID', type: 'integer', readonly: true },
			...spec.fields,
			display_name: { string: 'Display Name', type: 'char', readonly: true },
		};
		const names = Array.isArray(allfields) && allfields.length ? (allfields as string[]) : Object.keys(described);
		const attrs = Array.isArray(attributes) && attributes.length ? (attributes as string[]) : undefined;
		const out: Record<string, Record<string, unknown>> = {};
		// Odoo answers in the order the model defines its fields, whatever order was asked for.
		for (const name of Object.keys(described).filter((n) => names.includes(n))) {
			const f = described[name];
			const full: Record<string, unknown> = { string: f.string, type: f.type, required: !!f.required, readonly: !!f.readonly };
			if (f.relation) full.relation = f.relation;
			if (f.selection) full.selection = f.selection;
			out[name] = attrs ? Object.fromEntries(attrs.filter((a) => a in full).map((a) => [a, full[a]])) : full;
		}
		return out;
	}

	private defaults(spec: ModelSpec, fieldsList: unknown): Record<string, unknown> {
		const names = Array.isArray(fieldsList) ? (fieldsList as string[]) : Object.keys(spec.fields);
		const out: Record<string, unknown> = {};
		for (const name of names) {
			const d = spec.fields[name]?.default;
			if (d !== undefined) out[name] = typeof d === 'function' ? (d as () => unknown)() : d;
		}
		return out;
	}
}
