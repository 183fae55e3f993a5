/**
 * The default catalogue's parameter descriptions lean on the conventions the server instructions
 * state once (serverInstructions.ts), so they must hold: "One of" lists exactly the values the
 * node accepts, and only where the node refuses any other.
 */
import { CONTENT_TYPES } from '../../../../core';
import { PARAMETER_CONVENTIONS } from '../../../../generator/builders/serverInstructions';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

/** The values a parameter's node accepts, where it holds an allow-list. */
function accepted(tool: ToolSpec, key: string): readonly string[] | undefined {
	const target = tool.target;
	if (target.kind === 'odoo') return target.fieldChoice?.fieldParam === key ? target.fieldChoice.allowed : undefined;
	const input = target.inputs.find((i) => i.param === key);
	if (input?.allowed) return input.allowed;
	return input?.input === 'contentType' ? CONTENT_TYPES : undefined;
}

/** "One of a, b (note), c" as its values. */
const listed = (description: string) =>
	description
		.replace(/^One of /, '')
		.split(', ')
		.map((value) => value.replace(/ \(.*\)$/, ''));

const parameters = CATALOGUE.flatMap((tool) => tool.parameters.map((parameter) => [`${tool.name}.${parameter.key}`, tool, parameter] as const));

it('the instructions state the two conventions', () => {
	expect(PARAMETER_CONVENTIONS).toContain('an empty or 0 default means none');
	expect(PARAMETER_CONVENTIONS).toContain('"One of" lists the only values accepted');
});

it.each(parameters.filter(([, tool, parameter]) => accepted(tool, parameter.key) !== undefined))('%s lists what its node accepts, as "One of"', (_name, tool, parameter) => {
	expect(parameter.description).toMatch(/^One of /);
	expect(listed(parameter.description)).toEqual(accepted(tool, parameter.key));
});

it('no other parameter says "One of"', () => {
	const unenforced = parameters.filter(([, tool, parameter]) => parameter.description.startsWith('One of ') && accepted(tool, parameter.key) === undefined);
	expect(unenforced.map(([name]) => name)).toEqual([]);
});
