/**
 * Derives the Odoo requirements (model, field, accepted field types) from catalogue specs: every
 * field a tool filters on, writes, lets the agent choose, or reads back.
 */
import type { Literal, OdooTarget, ParamType, ToolSpec } from '../toolSpec/schema';
import type { OdooAccessMode, OdooFieldRequirement, OdooRequirements } from './requirements';

/** The right each node operation uses: search_read/read, create, write, unlink. */
const ACCESS_FOR_OPERATION: Record<OdooTarget['operation'], OdooAccessMode> = {
	get: 'read',
	getAll: 'read',
	create: 'create',
	update: 'write',
	delete: 'unlink',
};

/** Odoo field types a `$fromAI` value of each type can be written to or compared with. */
const TYPES_FOR_PARAM: Record<ParamType, readonly string[]> = {
	// Odoo converts a string written to a number field (int('5'), float('1.5')).
	string: ['char', 'text', 'html', 'selection', 'date', 'datetime', 'integer', 'float', 'monetary'],
	// Numbers are also record ids (many2one) and amounts.
	number: ['integer', 'float', 'monetary', 'many2one'],
	boolean: ['boolean'],
	// JSON carries lists of ids, x2many commands, ...: any type.
	json: [],
};

const TEXT_TYPES = ['char', 'text', 'html', 'selection'];
/** In a domain, `(x2many, '=', id)` tests membership. */
const X2MANY = ['many2many', 'one2many'];
const TEXT_OPERATORS = new Set(['like', 'ilike']);
const LIST_OPERATORS = new Set(['in', 'notIn', 'childOf']);

/** Where a many2one id the agent passes must point, for the fields the catalogue binds ids to. */
const RELATIONS: Record<string, string> = {
	project_id: 'project.project',
	task_id: 'project.task',
	partner_id: 'res.partner',
	employee_id: 'hr.employee',
};

function typesForLiteral(value: Literal, inFilter: boolean): readonly string[] {
	// A domain compares any field with False (unset).
	if (value === false && inFilter) return [];
	if (typeof value === 'boolean') return TYPES_FOR_PARAM.boolean;
	if (typeof value === 'number') return TYPES_FOR_PARAM.number;
	return TYPES_FOR_PARAM.string;
}

function paramType(tool: ToolSpec, key: string): ParamType {
	return tool.parameters.find((p) => p.key === key)?.type ?? 'json';
}

function typesForBinding(
	tool: ToolSpec,
	binding: { param?: string; value?: Literal },
	inFilter = false,
): readonly string[] {
	let types: readonly string[] = [];
	if (binding.param !== undefined) types = TYPES_FOR_PARAM[paramType(tool, binding.param)];
	else if (binding.value !== undefined) types = typesForLiteral(binding.value, inFilter);
	return inFilter && types.includes('many2one') ? [...types, ...X2MANY] : types;
}

/** A dotted path (`project_id.name`) is checked on its first hop, the field of this model. */
function fieldOf(path: string): string {
	return path.split('.')[0];
}

function relationFor(field: string, types: readonly string[]): string | undefined {
	return types.includes('many2one') && RELATIONS[field] ? RELATIONS[field] : undefined;
}

function targetFields(tool: ToolSpec, target: OdooTarget): OdooFieldRequirement[] {
	const needs: OdooFieldRequirement[] = [];
	const add = (path: string, types: readonly string[]) => {
		const field = fieldOf(path);
		const relation = relationFor(field, types);
		needs.push({ tool: tool.name, model: target.model, field, types, ...(relation ? { relation } : {}) });
	};
	for (const filter of target.filters ?? []) {
		let types = typesForBinding(tool, filter, true);
		if (TEXT_OPERATORS.has(filter.operator)) types = TEXT_TYPES;
		if (LIST_OPERATORS.has(filter.operator)) types = [];
		add(filter.field, types);
	}
	for (const write of target.writes ?? []) add(write.field, typesForBinding(tool, write));
	if (target.fieldChoice) {
		const { valueParam, allowed } = target.fieldChoice;
		const types = TYPES_FOR_PARAM[paramType(tool, valueParam)];
		for (const field of allowed) add(field, types);
	}
	// Fields read back: they must exist, any type is fine.
	for (const field of target.fieldsList ?? []) add(field, []);
	return mergeSameField(needs);
}

/** One requirement per (tool, model, field): accepted types intersect, "any" yields to a constraint. */
function mergeSameField(needs: OdooFieldRequirement[]): OdooFieldRequirement[] {
	const merged = new Map<string, OdooFieldRequirement>();
	for (const need of needs) {
		const key = `${need.tool}\u0000${need.model}\u0000${need.field}`;
		const seen = merged.get(key);
		if (!seen) merged.set(key, need);
		else if (seen.types.length === 0) merged.set(key, { ...need, relation: need.relation ?? seen.relation });
		else if (need.types.length > 0) {
			const types = seen.types.filter((t) => need.types.includes(t));
			merged.set(key, { ...seen, types: types.length > 0 ? types : seen.types });
		}
	}
	return [...merged.values()];
}

/**
 * With `employeeId` (the config's default employee), every tool that writes `employee_id` also
 * needs that hr.employee record to exist.
 */
export function requirementsFromCatalogue(
	tools: readonly ToolSpec[],
	deployment: { employeeId?: number } = {},
): OdooRequirements {
	const requirements: OdooRequirements = { models: [], fields: [], records: [], access: [] };
	for (const tool of tools) {
		if (tool.target.kind !== 'odoo') continue;
		const target = tool.target as OdooTarget;
		requirements.models.push({ tool: tool.name, model: target.model });
		requirements.access?.push({ tool: tool.name, model: target.model, mode: ACCESS_FOR_OPERATION[target.operation] });
		requirements.fields.push(...targetFields(tool, target));
		const writesEmployee = (target.writes ?? []).some((w) => w.field === 'employee_id');
		if (writesEmployee && deployment.employeeId !== undefined) {
			requirements.records?.push({
				tool: tool.name,
				model: 'hr.employee',
				id: deployment.employeeId,
				source: 'config employeeId',
			});
		}
	}
	return requirements;
}
