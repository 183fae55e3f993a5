/** Shared helpers: the generated files for the default config, parsed. */
import type { GeneratedFile, Manifest, Workflow } from '../../../generator/builders';
import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../generator/builders';
import type { ToolSpec } from '../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import type { HermesConfig } from '../../../generator/config';
import { loadConfig } from '../../../generator/config';

export function generated(catalogue: readonly ToolSpec[] = CATALOGUE, config: HermesConfig = loadConfig()) {
	const files = generateAll(catalogue, config);
	const byName = (name: string): GeneratedFile => {
		const file = files.find((f) => f.file === name);
		if (!file) throw new Error(`not generated: ${name}`);
		return file;
	};
	return {
		files,
		byName,
		main: JSON.parse(byName(MAIN_FILE).content) as Workflow,
		manifest: JSON.parse(byName(MAIN_MANIFEST_FILE).content) as Manifest,
	};
}

/** The 32 tool names of the article, in its order. */
export const ARTICLE_TOOLS = [
	'odoo_list_projects', 'odoo_create_project', 'odoo_update_project', 'odoo_archive_project',
	'odoo_list_task_stages', 'odoo_move_task_stage', 'odoo_list_tasks', 'odoo_get_task',
	'odoo_create_task', 'odoo_update_task',
	'odoo_search_contacts', 'odoo_create_contact', 'odoo_update_contact',
	'crm_list_stages', 'crm_list_leads', 'crm_create_lead', 'crm_update_lead', 'crm_move_stage', 'crm_delete_lead',
	'timesheet_report', 'timesheet_log_hours', 'timesheet_update', 'timesheet_delete',
	'vault_search', 'vault_list', 'vault_read', 'vault_write',
	'docker_read', 'docker_manage', 'monitoring_alerts', 'monitoring_query', 'content_generate',
];
