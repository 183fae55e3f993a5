/**
 * With the token, `tools/list` of each endpoint equals what this config generates: the tool
 * names, each tool's required and optional parameters, and the defaults of the optional ones.
 */
import { toolSchemaOf } from '../../deploy/toolSchema';
import { McpProbe } from '../mcpProbe';
import { fail, ok, type DoctorCheck } from '../types';
import type { DoctorContext } from '../context';

/** A tool as tools/list shows it: required keys, and the default of each optional key. */
export interface ListedTool {
	required: string[];
	defaults: Record<string, unknown>;
}

/** tools/list's answer reduced to names, required sets and defaults. */
export function listedTools(result: unknown): Map<string, ListedTool> {
	const tools = (result as { tools?: Array<{ name: string; inputSchema?: unknown }> } | undefined)?.tools ?? [];
	return new Map(
		tools.map((tool) => {
			const schema = (tool.inputSchema ?? {}) as { required?: string[]; properties?: Record<string, { default?: unknown }> };
			const required = [...(schema.required ?? [])].sort();
			const optional = Object.keys(schema.properties ?? {}).filter((key) => !required.includes(key));
			return [tool.name, { required, defaults: Object.fromEntries(optional.map((key) => [key, schema.properties?.[key]?.default])) }];
		}),
	);
}

/** A tool as its catalogue (or the admin channel's table) declares it: what expectedTools reads of it. */
export interface DeclaredTool {
	name: string;
	parameters: ReadonlyArray<{ key: string; default?: unknown }>;
}

/** What the endpoint's generated workflow serves: required/optional from its $fromAI calls, defaults of the declared parameters. */
export function expectedTools(context: Pick<DoctorContext, 'desired'> & { tools: readonly DeclaredTool[] }, workflowName: string): Map<string, ListedTool> {
	const workflow = context.desired.workflows.find((w) => w.body.name === workflowName);
	const specs = new Map(context.tools.map((tool) => [tool.name, tool]));
	const expected = new Map<string, ListedTool>();
	for (const [name, parameters] of toolSchemaOf(workflow?.body)) {
		const keys = parameters.map((p) => ({ key: p.split(' ')[0], required: p.endsWith(', required)') }));
		const spec = new Map((specs.get(name)?.parameters ?? []).map((p) => [p.key, p]));
		const optional = keys.filter((k) => !k.required).map((k) => k.key);
		expected.set(name, {
			required: keys.filter((k) => k.required).map((k) => k.key).sort(),
			// Keys the catalogue does not declare (a gate's approval_id) have no default to hold it to.
			defaults: Object.fromEntries(optional.filter((key) => spec.has(key)).map((key) => [key, spec.get(key)?.default])),
		});
	}
	return expected;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One line per difference between what is listed and what is expected. */
export function toolListDifferences(listed: ReadonlyMap<string, ListedTool>, expected: ReadonlyMap<string, ListedTool>): string[] {
	const lines: string[] = [];
	const missing = [...expected.keys()].filter((name) => !listed.has(name));
	const extra = [...listed.keys()].filter((name) => !expected.has(name));
	if (missing.length > 0) lines.push(`missing ${missing.join(', ')}`);
	if (extra.length > 0) lines.push(`not generated ${extra.join(', ')}`);
	for (const [name, want] of expected) {
		const got = listed.get(name);
		if (!got) continue;
		if (!same(got.required, want.required)) lines.push(`${name} requires ${got.required.join(', ') || 'nothing'}, generated: ${want.required.join(', ') || 'nothing'}`);
		const defaults = Object.keys(want.defaults).filter((key) => !same(got.defaults[key], want.defaults[key]));
		if (defaults.length > 0) lines.push(`${name} has other defaults for ${defaults.join(', ')}`);
	}
	return lines;
}

export const mcpToolsCheck: DoctorCheck = {
	id: 'mcp-tools',
	title: 'tools/list equals the manifest',
	needs: ['token'],
	async run(context) {
		const problems: string[] = [];
		let count = 0;
		for (const endpoint of context.endpoints) {
			const probe = new McpProbe(endpoint.url, context.options.token, context.options.timeoutMs);
			const init = await probe.open();
			if (init.status !== 200) {
				problems.push(`${endpoint.url}: initialize with the token answered ${init.status}${init.status === 403 ? ' (the token is not the one of the bearer credential)' : ''}`);
				continue;
			}
			const list = await probe.request('tools/list', {});
			const differences = toolListDifferences(listedTools(list.result), expectedTools(context, endpoint.workflow));
			count += endpoint.tools.length;
			if (differences.length > 0) problems.push(`${endpoint.url}: ${differences.slice(0, 5).join('; ')}${differences.length > 5 ? `; ${differences.length - 5} more` : ''}`);
		}
		if (problems.length > 0) {
			return fail(
				problems.join(' | '),
				`pass the token of the credential "${context.config.credentials.bearer}"; if the list differs, run \`hermes-workflows push\` and restart the MCP clients (they read tools/list once per session)`,
			);
		}
		return ok(`tools/list of ${context.endpoints.length} endpoint${context.endpoints.length > 1 ? 's' : ''} gives the ${count} generated tools with their required parameters and defaults`);
	},
};
