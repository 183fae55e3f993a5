/**
 * The Odoo models the Hermes catalogue touches, with the fields (names, types, labels,
 * required/readonly) a stock Odoo 18 database exposes through `fields_get`, each model's default
 * order, and a few seed records. Only what the catalogue and n8n's Odoo node use is modelled; a
 * unit test holds every field to the `fields_get` recorded from a real Odoo 18.
 */
import type { OdooFieldType } from './fieldTypes';


/** Odoo's field types, as the generator knows them. */
export type FieldType = OdooFieldType;

export interface FieldSpec {
	type: FieldType;
	string: string;
	required?: boolean;
	readonly?: boolean;
	relation?: string;
	selection?: Array<[string, string]>;
	/** Value a create without this field gets; a function is called with the record being made. */
	default?: unknown | ((context: DefaultContext) => unknown);
}

/** What a computed default may look at: the acting user and the values given so far. */
export interface DefaultContext {
	uid: number;
	vals: Record<string, unknown>;
	/** Ids of a model's records matching a domain, in the model's order. */
	search(model: string, domain: unknown[]): number[];
}

export interface ModelSpec {
	/** The model's `_description`, as Odoo names it in messages ("Lead/Opportunity"); the model name when unset. */
	description?: string;
	/** Field whose value is the record's display name. */
	recName: string;
	/** The model's `_order`: what search and search_read sort by when the call names no order. */
	order: string;
	fields: Record<string, FieldSpec>;
	/**
	 * How the model's own `write` override names its values, where that is not `vals`, and the
	 * Python class that defines it (Odoo's TypeError names it): Odoo 18 binds a keyword to it.
	 */
	writeParameter?: { name: string; pyClass: string };
}

const today = (): string => new Date().toISOString().slice(0, 10);
const currentUser = ({ uid }: DefaultContext): number => uid;

const char = (string: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
	type: 'char',
	string,
	...extra,
});
const html = (string: string): FieldSpec => ({ type: 'html', string });
const m2o = (string: string, relation: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
	type: 'many2one',
	string,
	relation,
	...extra,
});
const bool = (string: string, value: boolean): FieldSpec => ({
	type: 'boolean',
	string,
	default: value,
});
const int = (string: string, value = 0): FieldSpec => ({ type: 'integer', string, default: value });
const active: FieldSpec = bool('Active', true);

function firstTaskStage({ vals, search }: DefaultContext): number | false {
	const project = vals.project_id;
	if (typeof project !== 'number') return false;
	return search('project.task.type', [['project_ids', 'in', [project]], ['fold', '=', false]])[0] ?? false;
}

export const MODELS: Readonly<Record<string, ModelSpec>> = {
	'res.users': {
		recName: 'name',
		order: 'name, id',
		fields: { name: char('Name', { required: true }), login: char('Login', { required: true }), active },
	},
	'res.country': {
		recName: 'name',
		order: 'name, id',
		fields: { name: char('Country Name', { required: true }), code: char('Country Code') },
	},
	'res.partner': {
		description: 'Contact',
		recName: 'name',
		// Odoo sorts by complete_name, which is the name for a partner without a parent company.
		order: 'name, id desc',
		fields: {
			name: char('Name'),
			is_company: bool('Is a Company', false),
			function: char('Job Position'),
			email: char('Email'),
			phone: char('Phone'),
			mobile: char('Mobile'),
			website: char('Website Link'),
			street: char('Street'),
			street2: char('Street2'),
			zip: char('Zip'),
			city: char('City'),
			country_id: m2o('Country', 'res.country'),
			comment: html('Notes'),
			active,
		},
	},
	'project.project': {
		description: 'Project',
		recName: 'name',
		order: 'sequence, name, id',
		writeParameter: { name: 'values', pyClass: 'Project' },
		fields: {
			name: char('Name', { required: true }),
			description: html('Description'),
			active,
			sequence: int('Sequence', 10),
			partner_id: m2o('Customer', 'res.partner'),
			user_id: m2o('Project Manager', 'res.users'),
			date_start: { type: 'date', string: 'Start Date' },
			date: { type: 'date', string: 'Expiration Date' },
			type_ids: { type: 'many2many', string: 'Tasks Stages', relation: 'project.task.type' },
		},
	},
	'project.task.type': {
		description: 'Task Stage',
		recName: 'name',
		order: 'sequence, id',
		fields: {
			name: char('Name', { required: true }),
			sequence: int('Sequence', 1),
			fold: bool('Folded in Kanban', false),
			project_ids: { type: 'many2many', string: 'Projects', relation: 'project.project' },
			active,
		},
	},
	'project.tags': {
		recName: 'name',
		order: 'name, id',
		fields: { name: char('Name', { required: true }), color: int('Color', 0) },
	},
	'project.task': {
		description: 'Task',
		recName: 'name',
		order: 'priority desc, sequence, date_deadline, id desc',
		fields: {
			name: char('Title', { required: true }),
			description: html('Description'),
			project_id: m2o('Project', 'project.project'),
			// The first open stage of the task's project; none when the project has no stages.
			stage_id: m2o('Stage', 'project.task.type', { default: firstTaskStage }),
			// A task made through the API is assigned to the user who made it.
			user_ids: { type: 'many2many', string: 'Assignees', relation: 'res.users', default: ({ uid }: DefaultContext) => [uid] },
			tag_ids: { type: 'many2many', string: 'Tags', relation: 'project.tags' },
			partner_id: m2o('Customer', 'res.partner'),
			date_deadline: { type: 'datetime', string: 'Deadline' },
			priority: {
				type: 'selection',
				string: 'Priority',
				selection: [
					['0', 'Low'],
					['1', 'High'],
				],
				default: '0',
			},
			sequence: int('Sequence', 10),
			active,
		},
	},
	'crm.stage': {
		description: 'CRM Stages',
		recName: 'name',
		order: 'sequence, name, id',
		fields: {
			name: char('Stage Name', { required: true }),
			sequence: int('Sequence', 1),
			is_won: bool('Is Won Stage?', false),
			fold: bool('Folded in Pipeline', false),
		},
	},
	'crm.lead': {
		description: 'Lead/Opportunity',
		recName: 'name',
		order: 'priority desc, id desc',
		fields: {
			name: char('Opportunity', { required: true }),
			type: {
				type: 'selection',
				string: 'Type',
				required: true,
				selection: [
					['lead', 'Lead'],
					['opportunity', 'Opportunity'],
				],
				default: 'lead',
			},
			partner_id: m2o('Customer', 'res.partner'),
			partner_name: char('Company Name'),
			contact_name: char('Contact Name'),
			email_from: char('Email'),
			phone: char('Phone'),
			expected_revenue: { type: 'monetary', string: 'Expected Revenue', default: 0 },
			date_deadline: { type: 'date', string: 'Expected Closing' },
			probability: { type: 'float', string: 'Probability', default: 10 },
			priority: {
				type: 'selection',
				string: 'Priority',
				selection: [
					['0', 'Low'],
					['1', 'Medium'],
					['2', 'High'],
					['3', 'Very High'],
				],
				default: '0',
			},
			stage_id: m2o('Stage', 'crm.stage', { default: ({ search }: DefaultContext) => search('crm.stage', [])[0] ?? false }),
			user_id: m2o('Salesperson', 'res.users', { default: currentUser }),
			description: html('Notes'),
			active,
		},
	},
	'hr.employee': {
		description: 'Employee',
		recName: 'name',
		order: 'name, id',
		fields: {
			// Required in the form, not in fields_get: the name lives on the employee's resource.
			name: char('Employee Name'),
			work_email: char('Work Email'),
			user_id: m2o('User', 'res.users'),
			active,
		},
	},
	'account.analytic.line': {
		description: 'Analytic Line',
		recName: 'name',
		order: 'date desc, id desc',
		writeParameter: { name: 'values', pyClass: 'AccountAnalyticLine' },
		fields: {
			name: char('Description', { required: true }),
			date: { type: 'date', string: 'Date', required: true, default: today },
			unit_amount: { type: 'float', string: 'Quantity', default: 0 },
			project_id: m2o('Project', 'project.project'),
			task_id: m2o('Task', 'project.task'),
			employee_id: m2o('Employee', 'hr.employee'),
			user_id: m2o('User', 'res.users', { default: currentUser }),
		},
	},
};

/** Seed records per model, created in this order (ids start at 1 per model). */
export const SEED: ReadonlyArray<[string, Record<string, unknown>]> = [
	// uid 1 is Odoo's superuser, uid 2 the admin the credentials log in as.
	['res.users', { name: 'OdooBot', login: '__system__' }],
	['res.users', { name: 'Administrator', login: 'admin' }],
	['res.country', { name: 'France', code: 'FR' }],
	['res.country', { name: 'Belgium', code: 'BE' }],
	['res.partner', { name: 'Administrator', email: 'admin@example.com' }],
	[
		'res.partner',
		{ name: 'Azure Interior', is_company: true, email: 'azure@example.com', city: 'Lyon', country_id: 1 },
	],
	['res.partner', { name: 'Brandon Freeman', email: 'brandon@example.com', phone: '+33 1 23 45 67 89' }],
	['project.project', { name: 'Website Redesign', description: '<p>New public site</p>' }],
	['project.project', { name: 'Internal Tools', partner_id: 2 }],
	['project.task.type', { name: 'New', sequence: 1, project_ids: [1, 2] }],
	['project.task.type', { name: 'In Progress', sequence: 2, project_ids: [1, 2] }],
	['project.task.type', { name: 'Done', sequence: 3, fold: true, project_ids: [1, 2] }],
	['project.tags', { name: 'Design' }],
	[
		'project.task',
		{ name: 'Draft the sitemap', project_id: 1, stage_id: 1, tag_ids: [1], user_ids: [2], description: '<p>Pages and menus</p>' },
	],
	['project.task', { name: 'Pick a CMS', project_id: 1, stage_id: 2 }],
	['project.task', { name: 'Backup script', project_id: 2, stage_id: 1 }],
	['crm.stage', { name: 'New', sequence: 1 }],
	['crm.stage', { name: 'Qualified', sequence: 2 }],
	['crm.stage', { name: 'Won', sequence: 70, is_won: true, fold: true }],
	[
		'crm.lead',
		{ name: 'Office chairs', type: 'opportunity', partner_id: 2, stage_id: 1, expected_revenue: 1200 },
	],
	['crm.lead', { name: 'Website quote', type: 'opportunity', partner_id: 3, stage_id: 2 }],
	['hr.employee', { name: 'Administrator', user_id: 2, work_email: 'admin@example.com' }],
	[
		'account.analytic.line',
		{ name: 'Sitemap workshop', date: '2026-01-05', unit_amount: 2, project_id: 1, task_id: 1, employee_id: 1 },
	],
	[
		'account.analytic.line',
		{ name: 'CMS comparison', date: '2026-01-06', unit_amount: 1.5, project_id: 1, task_id: 2, employee_id: 1 },
	],
];
