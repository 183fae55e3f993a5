/** Odoo projects and tasks (10 tools). */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'odoo_list_projects',
		description: 'Lists the projects: id, name.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'project.project',
			operation: 'getAll',
			fieldsList: ['id', 'name'],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 100 },
		],
	}),
	defineTool({
		name: 'odoo_create_project',
		description: 'Creates a project and its analytic account; returns its id.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.project',
			operation: 'create',
			writes: [
				{ field: 'name', param: 'name' },
				{ field: 'description', param: 'description' },
			],
		},
		parameters: [
			{ key: 'name', type: 'string', description: 'Project name', required: true },
			{ key: 'description', type: 'string', description: 'HTML or plain text', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_project',
		description: 'Updates one field of a project.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.project',
			operation: 'update',
			recordIdParam: 'project_id',
			fieldChoice: { fieldParam: 'field', valueParam: 'value', allowed: ['name', 'description'] },
		},
		parameters: [
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
			{ key: 'field', type: 'string', description: 'One of name, description', required: true },
			{ key: 'value', type: 'string', description: 'New value', required: true },
		],
	}),
	defineTool({
		name: 'odoo_archive_project',
		description: 'Archives or unarchives a project.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.project',
			operation: 'update',
			recordIdParam: 'project_id',
			writes: [{ field: 'active', param: 'active' }],
		},
		parameters: [
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
			{ key: 'active', type: 'boolean', description: 'false archives, true restores', required: false, default: false },
		],
	}),
	defineTool({
		name: 'odoo_list_task_stages',
		description: 'Lists the kanban stages of a project: id, name, sequence, fold.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'project.task.type',
			operation: 'getAll',
			fieldsList: ['id', 'name', 'sequence', 'fold'],
			filters: [{ field: 'project_ids', operator: 'in', param: 'project_id' }],
		},
		parameters: [
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
		],
	}),
	defineTool({
		name: 'odoo_move_task_stage',
		description: 'Moves a task to another kanban stage.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'update',
			recordIdParam: 'task_id',
			writes: [{ field: 'stage_id', param: 'stage_id' }],
		},
		parameters: [
			{ key: 'task_id', type: 'number', description: 'From odoo_list_tasks', required: true },
			{ key: 'stage_id', type: 'number', description: 'From odoo_list_task_stages', required: true },
		],
	}),
	defineTool({
		name: 'odoo_list_tasks',
		description: 'Lists the tasks of a project: id, name, stage, assignees, deadline (UTC YYYY-MM-DD HH:MM:SS, or false), priority.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'getAll',
			fieldsList: ['id', 'name', 'stage_id', 'user_ids', 'date_deadline', 'priority'],
			filters: [{ field: 'project_id', operator: 'equal', param: 'project_id' }],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 100 },
		],
	}),
	defineTool({
		name: 'odoo_get_task',
		description: 'Reads one task in full, description included; deadline as in odoo_list_tasks.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'get',
			recordIdParam: 'task_id',
			fieldsList: ['id', 'name', 'description', 'project_id', 'stage_id', 'user_ids', 'date_deadline', 'priority', 'tag_ids'],
		},
		parameters: [{ key: 'task_id', type: 'number', description: 'From odoo_list_tasks', required: true }],
	}),
	defineTool({
		name: 'odoo_create_task',
		description: 'Creates a task in a project; returns its id.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'create',
			writes: [
				{ field: 'name', param: 'name' },
				{ field: 'project_id', param: 'project_id' },
				{ field: 'description', param: 'description' },
				{ field: 'date_deadline', param: 'date_deadline', fallback: 'false' },
			],
		},
		parameters: [
			{ key: 'name', type: 'string', description: 'Title', required: true },
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
			{ key: 'description', type: 'string', description: 'Task description', required: false, default: '' },
			{ key: 'date_deadline', type: 'string', description: 'YYYY-MM-DD (that day 00:00:00 UTC) or YYYY-MM-DD HH:MM:SS in UTC', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_task',
		description: 'Updates one field of a task.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'update',
			recordIdParam: 'task_id',
			fieldChoice: { fieldParam: 'field', valueParam: 'value', allowed: ['name', 'description', 'date_deadline'] },
		},
		parameters: [
			{ key: 'task_id', type: 'number', description: 'From odoo_list_tasks', required: true },
			{ key: 'field', type: 'string', description: 'One of name, description, date_deadline', required: true },
			{ key: 'value', type: 'string', description: 'New value; date_deadline as in odoo_create_task', required: true },
		],
	}),
];
