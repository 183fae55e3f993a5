/** Odoo contacts (3 tools). */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'odoo_search_contacts',
		description: 'Searches the contacts by name, case-insensitive; returns their details and address.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'res.partner',
			operation: 'getAll',
			fieldsList: ['id', 'name', 'is_company', 'email', 'phone', 'street', 'zip', 'city', 'country_id'],
			filters: [{ field: 'name', operator: 'ilike', param: 'name' }],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'name', type: 'string', description: 'Part of the name', required: true },
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 20 },
		],
	}),
	defineTool({
		name: 'odoo_create_contact',
		description: 'Creates a contact (person or company); returns its id.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'res.partner',
			operation: 'create',
			writes: [
				{ field: 'name', param: 'name' },
				{ field: 'is_company', param: 'is_company' },
				{ field: 'email', param: 'email' },
				{ field: 'phone', param: 'phone' },
				{ field: 'street', param: 'street' },
				{ field: 'zip', param: 'zip' },
				{ field: 'city', param: 'city' },
			],
		},
		parameters: [
			{ key: 'name', type: 'string', description: 'Full name', required: true },
			{ key: 'is_company', type: 'boolean', description: 'true for a company', required: false, default: false },
			{ key: 'email', type: 'string', description: 'Email address', required: false, default: '' },
			{ key: 'phone', type: 'string', description: 'Phone number', required: false, default: '' },
			{ key: 'street', type: 'string', description: 'Street address', required: false, default: '' },
			{ key: 'zip', type: 'string', description: 'Postal code', required: false, default: '' },
			{ key: 'city', type: 'string', description: 'City', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_contact',
		description: 'Updates one field of a contact.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'res.partner',
			operation: 'update',
			recordIdParam: 'contact_id',
			fieldChoice: {
				fieldParam: 'field',
				valueParam: 'value',
				allowed: ['name', 'email', 'phone', 'street', 'zip', 'city', 'website'],
			},
		},
		parameters: [
			{ key: 'contact_id', type: 'number', description: 'From odoo_search_contacts', required: true },
			{ key: 'field', type: 'string', description: 'One of name, email, phone, street, zip, city, website', required: true },
			{ key: 'value', type: 'string', description: 'New value', required: true },
		],
	}),
];
