/**
 * The built-in catalogue, loaded the way the CLI loads any project's catalogue, and the one pinned
 * list of its tool names: every other test derives its counts from the catalogue.
 */
import { defaultCatalogue } from '../../generator/project';

export const CATALOGUE = defaultCatalogue();

/** The default tools by name, in the workflow's order. Adding a tool means adding it here. */
export const DEFAULT_TOOL_NAMES = [
	'odoo_list_projects', 'odoo_create_project', 'odoo_update_project', 'odoo_archive_project',
	'odoo_list_task_stages', 'odoo_move_task_stage', 'odoo_list_tasks', 'odoo_get_task',
	'odoo_create_task', 'odoo_update_task',
	'odoo_search_contacts', 'odoo_create_contact', 'odoo_update_contact',
	'crm_list_stages', 'crm_list_leads', 'crm_create_lead', 'crm_update_lead', 'crm_move_stage', 'crm_delete_lead',
	'timesheet_report', 'timesheet_log_hours', 'timesheet_update', 'timesheet_delete',
	'vault_search', 'vault_list', 'vault_read', 'vault_write',
	'docker_read', 'docker_manage', 'monitoring_alerts', 'monitoring_query', 'content_generate',
];

export const ODOO_TOOLS = CATALOGUE.filter((tool) => tool.target.kind === 'odoo');
export const GATEWAY_TOOLS = CATALOGUE.filter((tool) => tool.target.kind === 'gateway');

/**
 * The default tools that create once (creates/): each call of theirs makes a record, so each is a
 * toolWorkflow calling its create-once workflow: the Odoo ones, and content_generate in either
 * gateway mode. Pinned here, in catalogue order.
 */
export const DEFAULT_ODOO_CREATE_TOOLS = ['odoo_create_project', 'odoo_create_task', 'odoo_create_contact', 'crm_create_lead', 'timesheet_log_hours'];
export const DEFAULT_CREATE_TOOLS = [...DEFAULT_ODOO_CREATE_TOOLS, 'content_generate'];

/** The file `generate` writes for a tool's create-once workflow. */
export const createFile = (tool: string) => `hermes-create-${tool.replace(/_/g, '-')}.json`;
