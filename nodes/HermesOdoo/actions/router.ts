import type { IDataObject } from 'n8n-workflow';

import type { ParameterReader } from '../../shared/parameterReader';
import { ODOO_COLLECTIONS, type OdooParam } from '../contract';
import type { OdooContext } from '../helpers/context';
import { typedValues } from '../helpers/values';
import {
	checkFieldList,
	checkFilters,
	checkLimit,
	checkModel,
	checkOperation,
	checkRecordId,
	checkWrites,
	type DomainFilter,
	type FieldWrite,
} from '../helpers/validate';
import * as create from './record/create.operation';
import * as del from './record/delete.operation';
import * as get from './record/get.operation';
import * as getAll from './record/getAll.operation';
import * as update from './record/update.operation';

/** One call of the node: every parameter read lazily, so an operation reads only its own. */
export interface OdooRequest {
	operation: unknown;
	model: unknown;
	recordId: () => unknown;
	writes: () => FieldWrite[];
	allowedFields: () => unknown;
	filters: () => DomainFilter[];
	fieldsList: () => unknown;
	returnAll: () => unknown;
	limit: () => unknown;
}

/** The entries of a fixedCollection (`{ <entry>: [...] }`), whatever n8n handed over. */
function entries(raw: unknown, entry: string): Array<Record<string, unknown>> {
	const list = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[entry] : undefined;
	return Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null) : [];
}

export function odooRequest(names: Readonly<Record<OdooParam, string>>, param: ParameterReader): OdooRequest {
	const { write, filter } = ODOO_COLLECTIONS;
	return {
		operation: param(names.operation)(),
		model: param(names.model)(),
		recordId: param(names.recordId),
		writes: () => entries(param(names.fieldsToWrite)(), write.entry).map((e) => ({ name: e[write.field], value: e[write.value] })),
		allowedFields: param(names.allowedFields),
		filters: () => entries(param(names.filters)(), filter.entry).map((e) => ({ field: e[filter.field], operator: e[filter.operator], value: e[filter.value] })),
		fieldsList: param(names.fieldsList),
		returnAll: param(names.returnAll, false),
		limit: param(names.limit),
	};
}

/** The values a create or update sends: allowed by the node, then typed for their fields. */
async function valuesToWrite(ctx: OdooContext, request: OdooRequest): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; answer: IDataObject }> {
	const allowed = checkFieldList('Allowed Fields', request.allowedFields());
	if (!allowed.ok) return { ok: false, answer: { ...allowed.answer } };
	const values = checkWrites(request.writes(), allowed.value);
	if (!values.ok) return { ok: false, answer: { ...values.answer } };
	const fields = await ctx.fields();
	if (!fields.ok) return { ok: false, answer: { ...fields.answer } };
	const typed = typedValues(ctx.model, values.value, fields.value);
	return typed.ok ? typed : { ok: false, answer: { ...typed.answer } };
}

/**
 * Checks the request and runs its operation. The operator's settings come first (a
 * misconfigured node answers the same to every call), then the agent's input; nothing reaches
 * Odoo until all of it passed, apart from the field types a write needs.
 */
export async function router(context: (model: string) => OdooContext, request: OdooRequest): Promise<IDataObject> {
	const operation = checkOperation(request.operation);
	if (!operation.ok) return { ...operation.answer };
	const model = checkModel(request.model);
	if (!model.ok) return { ...model.answer };
	const ctx = context(model.value);

	if (operation.value === 'getAll') {
		const domain = checkFilters(request.filters());
		if (!domain.ok) return { ...domain.answer };
		const fields = checkFieldList('Fields List', request.fieldsList());
		if (!fields.ok) return { ...fields.answer };
		if (request.returnAll() === true) return await getAll.execute(ctx, domain.value, fields.value, undefined);
		const limit = checkLimit(request.limit());
		if (!limit.ok) return { ...limit.answer };
		return await getAll.execute(ctx, domain.value, fields.value, limit.value);
	}
	if (operation.value === 'create') {
		const values = await valuesToWrite(ctx, request);
		return values.ok ? await create.execute(ctx, values.value) : values.answer;
	}

	if (operation.value === 'get') {
		const fields = checkFieldList('Fields List', request.fieldsList());
		if (!fields.ok) return { ...fields.answer };
		const id = checkRecordId(request.recordId());
		return id.ok ? await get.execute(ctx, id.value, fields.value) : { ...id.answer };
	}
	const id = checkRecordId(request.recordId());
	if (!id.ok) return { ...id.answer };
	if (operation.value === 'delete') return await del.execute(ctx, id.value);
	const values = await valuesToWrite(ctx, request);
	return values.ok ? await update.execute(ctx, id.value, values.value) : values.answer;
}
