/** Odoo CRM (6 tools). */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'crm_list_stages',
		description: 'Lists the CRM pipeline stages: id, name, sequence, is_won.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'crm.stage',
			operation: 'getAll',
			fieldsList: ['id', 'name', 'sequence', 'is_won'],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 50 },
		],
	}),
	defineTool({
		name: 'crm_list_leads',
		description: 'Lists the CRM pipeline opportunities: id, name, customer, stage, expected revenue, probability.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'crm.lead',
			operation: 'getAll',
			fieldsList: ['id', 'name', 'partner_id', 'partner_name', 'stage_id', 'expected_revenue', 'probability', 'user_id', 'date_deadline'],
			filters: [{ field: 'type', operator: 'equal', value: 'opportunity' }],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 50 },
		],
	}),
	defineTool({
		name: 'crm_create_lead',
		description: 'Creates an opportunity in the CRM pipeline; returns its id.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'crm.lead',
			operation: 'create',
			writes: [
				{ field: 'type', value: 'opportunity' },
				{ field: 'name', param: 'name' },
				{ field: 'partner_name', param: 'partner_name' },
				{ field: 'email_from', param: 'email_from' },
				{ field: 'phone', param: 'phone' },
				{ field: 'expected_revenue', param: 'expected_revenue' },
				{ field: 'description', param: 'description' },
			],
		},
		parameters: [
			{ key: 'name', type: 'string', description: 'Title', required: true },
			{ key: 'partner_name', type: 'string', description: 'Customer company', required: false, default: '' },
			{ key: 'email_from', type: 'string', description: 'Customer email', required: false, default: '' },
			{ key: 'phone', type: 'string', description: 'Customer phone', required: false, default: '' },
			{ key: 'expected_revenue', type: 'number', description: 'In the company currency', required: false, default: 0 },
			{ key: 'description', type: 'string', description: 'Internal notes', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'crm_update_lead',
		description: 'Updates one field of a CRM opportunity.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'crm.lead',
			operation: 'update',
			recordIdParam: 'lead_id',
			fieldChoice: {
				fieldParam: 'field',
				valueParam: 'value',
				allowed: ['name', 'partner_name', 'email_from', 'phone', 'expected_revenue', 'probability', 'date_deadline', 'description'],
			},
		},
		parameters: [
			{ key: 'lead_id', type: 'number', description: 'From crm_list_leads', required: true },
			{ key: 'field', type: 'string', description: 'One of name, partner_name, email_from, phone, expected_revenue, probability, date_deadline, description', required: true },
			{ key: 'value', type: 'string', description: 'Numbers as digits, date_deadline as YYYY-MM-DD', required: true },
		],
	}),
	defineTool({
		name: 'crm_move_stage',
		description: 'Moves a CRM opportunity to another pipeline stage.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'crm.lead',
			operation: 'update',
			recordIdParam: 'lead_id',
			writes: [{ field: 'stage_id', param: 'stage_id' }],
		},
		parameters: [
			{ key: 'lead_id', type: 'number', description: 'From crm_list_leads', required: true },
			{ key: 'stage_id', type: 'number', description: 'From crm_list_stages', required: true },
		],
	}),
	defineTool({
		name: 'crm_delete_lead',
		description: 'SENSITIVE: permanently deletes a CRM opportunity. Ask the user for explicit confirmation first.',
		sensitive: true,
		readOnly: false,
		target: { kind: 'odoo', model: 'crm.lead', operation: 'delete', recordIdParam: 'lead_id' },
		parameters: [
			{ key: 'lead_id', type: 'number', description: 'From crm_list_leads', required: true },
		],
	}),
];
