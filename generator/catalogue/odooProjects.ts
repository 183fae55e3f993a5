/** Odoo projects and tasks (10 tools). */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'odoo_list_projects',
		description: 'Lists Odoo projects (id and name).',
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
			{ key: 'limit', type: 'number', description: 'Maximum number of projects to return', required: false, default: 100 },
		],
	}),
	defineTool({
		name: 'odoo_create_project',
		description: 'Creates an Odoo project (the ORM creates the matching analytic account). Returns its id.',
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
			{ key: 'name', type: 'string', description: 'Name of the new project', required: true },
			{ key: 'description', type: 'string', description: 'Project description (HTML or plain text), empty for none', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_project',
		description: 'Updates one field of an Odoo project: name or description. Any other field is refused.',
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
			{ key: 'project_id', type: 'number', description: 'Id of the project to update (see odoo_list_projects)', required: true },
			{ key: 'field', type: 'string', description: 'Field to change: exactly one of name, description. Any other field is refused', required: true },
			{ key: 'value', type: 'string', description: 'New value of that field', required: true },
		],
	}),
	defineTool({
		name: 'odoo_archive_project',
		description: 'Archives or unarchives an Odoo project.',
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
			{ key: 'project_id', type: 'number', description: 'Id of the project to archive or unarchive', required: true },
			{ key: 'active', type: 'boolean', description: 'false archives the project, true unarchives (restores) it', required: false, default: false },
		],
	}),
	defineTool({
		name: 'odoo_list_task_stages',
		description: 'Lists the kanban stages of an Odoo project (id, name, sequence, folded).',
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
			{ key: 'project_id', type: 'number', description: 'Id of the project whose stages are listed', required: true },
		],
	}),
	defineTool({
		name: 'odoo_move_task_stage',
		description: 'Moves an Odoo task to another kanban stage.',
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
			{ key: 'task_id', type: 'number', description: 'Id of the task to move', required: true },
			{ key: 'stage_id', type: 'number', description: 'Id of the target stage (see odoo_list_task_stages)', required: true },
		],
	}),
	defineTool({
		name: 'odoo_list_tasks',
		description: 'Lists the tasks of an Odoo project (id, name, stage, assignees, deadline, priority). A deadline is a date and time in UTC, YYYY-MM-DD HH:MM:SS, or false.',
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
			{ key: 'project_id', type: 'number', description: 'Id of the project whose tasks are listed', required: true },
			{ key: 'limit', type: 'number', description: 'Maximum number of tasks to return', required: false, default: 100 },
		],
	}),
	defineTool({
		name: 'odoo_get_task',
		description: 'Returns the detail of one Odoo task, description included. Its deadline is a date and time in UTC, YYYY-MM-DD HH:MM:SS, or false.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'project.task',
			operation: 'get',
			recordIdParam: 'task_id',
			fieldsList: ['id', 'name', 'description', 'project_id', 'stage_id', 'user_ids', 'date_deadline', 'priority', 'tag_ids'],
		},
		parameters: [{ key: 'task_id', type: 'number', description: 'Id of the task to read', required: true }],
	}),
	defineTool({
		name: 'odoo_create_task',
		description: 'Creates a task in an Odoo project. Returns its id.',
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
			{ key: 'name', type: 'string', description: 'Title of the new task', required: true },
			{ key: 'project_id', type: 'number', description: 'Id of the project the task belongs to', required: true },
			{ key: 'description', type: 'string', description: 'Task description, empty for none', required: false, default: '' },
			{ key: 'date_deadline', type: 'string', description: 'Deadline as YYYY-MM-DD (kept as that day 00:00:00 UTC) or YYYY-MM-DD HH:MM:SS in UTC, empty for none. Reads return it as YYYY-MM-DD HH:MM:SS', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_task',
		description: 'Updates one field of an Odoo task: name, description or date_deadline. Any other field is refused.',
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
			{ key: 'task_id', type: 'number', description: 'Id of the task to update', required: true },
			{ key: 'field', type: 'string', description: 'Field to change: exactly one of name, description, date_deadline. Any other field is refused', required: true },
			{ key: 'value', type: 'string', description: 'New value of that field (date_deadline as YYYY-MM-DD, kept as that day 00:00:00 UTC, or YYYY-MM-DD HH:MM:SS in UTC; reads return YYYY-MM-DD HH:MM:SS)', required: true },
		],
	}),
];
