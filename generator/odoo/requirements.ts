/** What the catalogue needs from Odoo: one entry per (tool, model, field). */
export interface OdooFieldRequirement {
	tool: string;
	model: string;
	field: string;
	/** Odoo field types the tool works with (`fields_get` `type`); any one of them is fine. */
	types: readonly string[];
	/** For many2one/many2many fields: the model the ids point to, when the tool relies on it. */
	relation?: string;
}

/** A tool that only needs the model (e.g. a list without named fields) still names it. */
export interface OdooModelRequirement {
	tool: string;
	model: string;
}

/** A record the deployment relies on (e.g. the default employee of timesheet_log_hours). */
export interface OdooRecordRequirement {
	tool: string;
	model: string;
	id: number;
	/** Where the id comes from, for the report: "config employeeId". */
	source: string;
}

/** Odoo access right a tool needs on its model (ir.model.access modes). */
export type OdooAccessMode = 'read' | 'create' | 'write' | 'unlink';

export interface OdooAccessRequirement {
	tool: string;
	model: string;
	mode: OdooAccessMode;
}

export interface OdooRequirements {
	models: OdooModelRequirement[];
	access?: OdooAccessRequirement[];
	fields: OdooFieldRequirement[];
	records?: OdooRecordRequirement[];
}

/** Distinct models in first-use order, so the calls and the report are deterministic. */
export function modelsOf(requirements: OdooRequirements): string[] {
	const seen = new Set<string>();
	for (const entry of [...requirements.models, ...requirements.fields]) seen.add(entry.model);
	return [...seen];
}
