/**
 * For every tool: the JSON schema n8n derives from the emitted node (n8n's own $fromAI parsing,
 * see n8nToolSchema.ts) has exactly the keys, required set, types and defaults of the catalogue.
 */
import { TRIGGER_NAME } from '../../../../generator/builders';
import { CATALOGUE, DEFAULT_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { DUPLICATE_SPEC } from '../../../../generator/creates/createTools';
import { loadConfig } from '../../../../generator/config';
import { generated } from '../fixtures';
import { n8nToolJsonSchema } from './n8nToolSchema';

const { main } = generated();
const jsonType = { string: 'string', number: 'number', boolean: 'boolean' } as const;

describe('tool schemas as n8n serves them', () => {
	const cases = main.nodes.filter((n) => n.name !== TRIGGER_NAME).map((n) => [n.name, n] as const);

	it('covers every tool of the catalogue', () => expect(cases).toHaveLength(CATALOGUE.length));

	it.each(cases)('%s: required keys, properties, types and defaults match the catalogue (a create tool: and an optional boolean `duplicate`)', (name, node) => {
		const tool = CATALOGUE.find((t) => t.name === name)!;
		const schema = n8nToolJsonSchema(node);
		const parameters = DEFAULT_CREATE_TOOLS.includes(name) ? [...tool.parameters, DUPLICATE_SPEC] : tool.parameters;
		const required = parameters.filter((p) => p.required).map((p) => p.key);
		expect([...(schema.required ?? [])].sort()).toEqual([...required].sort());
		expect(Object.keys(schema.properties).sort()).toEqual(parameters.map((p) => p.key).sort());
		for (const param of parameters) {
			const prop = schema.properties[param.key];
			expect(prop.description).toBe(param.description);
			if (param.type !== 'json') expect(prop.type).toBe(jsonType[param.type]);
			if (param.required) expect(prop).not.toHaveProperty('default');
			else expect(prop.default).toEqual(param.default);
		}
	});

	it('honours the configured employee as the default of timesheet_log_hours.employee_id', () => {
		const config = { ...loadConfig(), employeeId: 7 };
		const node = generated(CATALOGUE, config).main.nodes.find((n) => n.name === 'timesheet_log_hours')!;
		expect(n8nToolJsonSchema(node).properties.employee_id.default).toBe(7);
	});
});
