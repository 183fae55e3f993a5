/** Odoo contacts (3 tools). */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'odoo_search_contacts',
		description: 'Searches Odoo contacts by name (case-insensitive) and returns their details and address.',
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
			{ key: 'name', type: 'string', description: 'Part of the contact name to search for (case-insensitive)', required: true },
			{ key: 'limit', type: 'number', description: 'Maximum number of contacts to return', required: false, default: 20 },
		],
	}),
	defineTool({
		name: 'odoo_create_contact',
		description: 'Creates an Odoo contact (person or company). Returns its id.',
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
			{ key: 'name', type: 'string', description: 'Full name of the person or company', required: true },
			{ key: 'is_company', type: 'boolean', description: 'true for a company, false for a person', required: false, default: false },
			{ key: 'email', type: 'string', description: 'Email address, empty for none', required: false, default: '' },
			{ key: 'phone', type: 'string', description: 'Phone number, empty for none', required: false, default: '' },
			{ key: 'street', type: 'string', description: 'Street address, empty for none', required: false, default: '' },
			{ key: 'zip', type: 'string', description: 'Postal code, empty for none', required: false, default: '' },
			{ key: 'city', type: 'string', description: 'City, empty for none', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'odoo_update_contact',
		description: 'Updates one field of an Odoo contact: name, email, phone, street, zip, city or website. Any other field is refused.',
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
			{ key: 'contact_id', type: 'number', description: 'Id of the contact to update (see odoo_search_contacts)', required: true },
			{ key: 'field', type: 'string', description: 'Field to change: exactly one of name, email, phone, street, zip, city, website. Any other field is refused', required: true },
			{ key: 'value', type: 'string', description: 'New value of that field', required: true },
		],
	}),
];
