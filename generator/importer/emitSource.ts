/**
 * Imported ToolSpecs -> catalogue TypeScript in the catalogue's own format (one file per group,
 * each tool an object literal in `defineTool`), built with ts-morph, an optional peer dependency
 * loaded when `import` runs.
 */
import type * as TsMorph from 'ts-morph';

import { loadOptionalPeer } from '../runtime/optionalPeer';
import type { ToolSpec } from '../toolSpec/schema';
import type { ImportProblem } from './importWorkflow';

export interface EmittedFile {
	file: string;
	content: string;
}

/** Group names are the default catalogue's file names, so an imported catalogue reads like it. */
function groupOf(tool: ToolSpec): string {
	const target = tool.target as { kind: string; model?: string; gateway?: string };
	if (target.gateway !== undefined) return target.gateway === 'vault' ? 'vault' : 'infrastructure';
	const model = target.model ?? '';
	if (model.startsWith('project.')) return 'odooProjects';
	if (model === 'res.partner') return 'odooContacts';
	if (model.startsWith('crm.')) return 'crm';
	if (model === 'account.analytic.line') return 'timesheets';
	return 'odooOther';
}

/** Groups in first-use order; one `tools` group when grouping would change the tool order. */
export function groupTools(tools: readonly ToolSpec[]): Array<{ name: string; tools: ToolSpec[] }> {
	const groups = new Map<string, ToolSpec[]>();
	for (const tool of tools) groups.set(groupOf(tool), [...(groups.get(groupOf(tool)) ?? []), tool]);
	const concatenated = [...groups.values()].flat();
	if (concatenated.some((tool, i) => tool !== tools[i])) return [{ name: 'tools', tools: [...tools] }];
	return [...groups.entries()].map(([name, list]) => ({ name, tools: list }));
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const INLINE_WIDTH = 110;

function quote(text: string): string {
	if (text.includes("'") && !/["\\\n\r]/.test(text)) return `"${text}"`;
	return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

function printInline(value: unknown): string {
	if (typeof value === 'string') return quote(value);
	if (Array.isArray(value)) return `[${value.map(printInline).join(', ')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.entries(value).filter(([, v]) => v !== undefined);
		if (entries.length === 0) return '{}';
		return `{ ${entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : quote(k)}: ${printInline(v)}`).join(', ')} }`;
	}
	return String(value);
}

/**
 * The catalogue's layout: tools and their fields one per line; a target, filter list or write
 * list inline when it fits; items of those lists and parameters always one per line.
 */
function print(value: unknown, indent: string, depth: number): string {
	const inline = printInline(value);
	if (typeof value !== 'object' || value === null) return inline;
	const fits = indent.length * 4 + inline.length <= INLINE_WIDTH;
	const ofObjects = Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null);
	if (!Array.isArray(value) && depth >= 3) return inline;
	if (depth >= 2 && fits && !(ofObjects && depth === 2)) return inline;
	const inner = `${indent}\t`;
	if (Array.isArray(value)) {
		if (value.length === 0) return '[]';
		return `[\n${value.map((v) => `${inner}${print(v, inner, depth + 1)},`).join('\n')}\n${indent}]`;
	}
	const entries = Object.entries(value).filter(([, v]) => v !== undefined);
	const lines = entries.map(([k, v]) => `${inner}${IDENTIFIER.test(k) ? k : quote(k)}: ${print(v, inner, depth + 1)},`);
	return `{\n${lines.join('\n')}\n${indent}}`;
}

/** Key order as the catalogue writes specs, whatever order the draft was built in. */
function ordered(tool: ToolSpec): Record<string, unknown> {
	const t = tool.target as Record<string, unknown>;
	const targetKeys = ['kind', 'model', 'gateway', 'operation', 'recordIdParam', 'fieldsList', 'filters', 'limitParam', 'writes', 'fieldChoice', 'inputs'];
	const target = Object.fromEntries(targetKeys.filter((k) => t[k] !== undefined).map((k) => [k, t[k]]));
	const parameters = tool.parameters.map((p) =>
		Object.fromEntries(
			['key', 'type', 'description', 'required', 'default', 'sensitive']
				.filter((k) => (p as Record<string, unknown>)[k] !== undefined)
				.map((k) => [k, (p as Record<string, unknown>)[k]]),
		),
	);
	return { name: tool.name, description: tool.description, sensitive: tool.sensitive, readOnly: tool.readOnly, target, parameters };
}

function sourceFile(project: TsMorph.Project, file: string, build: (sf: TsMorph.SourceFile) => void): EmittedFile {
	const sf = project.createSourceFile(file, '', { overwrite: true });
	build(sf);
	sf.formatText({ convertTabsToSpaces: false, indentSize: 4, tabSize: 4 });
	return { file, content: sf.getFullText() };
}

/**
 * One catalogue file per group (`<group>.ts`, default export: its tools, each written with
 * `defineTool`), in the workflow's tool order; the config lists them in that order.
 */
export function emitCatalogue(tools: readonly ToolSpec[], source: string, problems: ImportProblem[]): EmittedFile[] {
	const { Project, QuoteKind } = loadOptionalPeer<typeof TsMorph>('ts-morph', 'import');
	const project = new Project({ useInMemoryFileSystem: true, manipulationSettings: { quoteKind: QuoteKind.Single } });
	const notImported = problems.map((p) => ` *   ${p.tool}: ${p.reason.replace(/\*\//g, '* /')}`);
	return groupTools(tools).map((group, index) =>
		sourceFile(project, `${group.name}.ts`, (sf) => {
			sf.addStatements(
				[
					`/**`,
					` * ${group.tools.length} tools imported from ${source} by \`hermes-workflows import\`.`,
					...(index === 0 && notImported.length > 0 ? [` * Not imported (see the command's output):`, ...notImported] : []),
					` */`,
				].join('\n'),
			);
			sf.addImportDeclaration({ namedImports: ['defineTool'], moduleSpecifier: 'hermes-workflows' });
			const items = group.tools.map((tool) => `\tdefineTool(${print(ordered(tool), '\t', 1)}),`);
			sf.addExportAssignment({ isExportEquals: false, expression: `[\n${items.join('\n')}\n]` });
		}),
	);
}
