/**
 * A stand-in store over a changed copy of the stock models: a model or a field removed (a module
 * not installed, another Odoo version), a field of another type or relation. Seed records and
 * fields that point at what was removed are left out, as a database without that module has none.
 */
import { MODELS, SEED, type FieldSpec, type ModelSpec } from './models';
import { OdooStore } from './store';

export type Schema = Record<string, ModelSpec & { fields: Record<string, FieldSpec> }>;

function copyOfModels(): Schema {
	return Object.fromEntries(
		Object.entries(MODELS).map(([name, spec]) => [name, { ...spec, fields: Object.fromEntries(Object.entries(spec.fields).map(([f, field]) => [f, { ...field }])) }]),
	);
}

/** `edit` changes the copy in place; `seed` adds records (one naming its `id` keeps it). */
export function storeWithSchema(edit: (models: Schema) => void, seed: ReadonlyArray<[string, Record<string, unknown>]> = []): OdooStore {
	const models = copyOfModels();
	edit(models);
	for (const spec of Object.values(models)) {
		for (const [name, field] of Object.entries(spec.fields)) if (field.relation && !(field.relation in models)) delete spec.fields[name];
	}
	const kept = [...SEED, ...seed]
		.filter(([model]) => model in models)
		.map(([model, vals]): [string, Record<string, unknown>] => [model, Object.fromEntries(Object.entries(vals).filter(([f]) => f === 'id' || f in models[model].fields))]);
	return new OdooStore(models, kept);
}
