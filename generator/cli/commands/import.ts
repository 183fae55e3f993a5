/**
 * `hermes-workflows import WORKFLOW.json`: an MCP tool workflow (e.g. built in the n8n editor) ->
 * catalogue TypeScript. Tools that cannot be mapped exactly are listed with the reason; the tools
 * that can are still written. Exit 0 all imported, 1 some not imported, 2 bad input.
 */
import type { Command } from 'commander';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { basename, dirname, join } from 'path';

import { CATALOGUE_DIR } from '../../config/defaults';
import { EXIT } from '../../errors';
import type { ImportResult } from '../../importer/importWorkflow';
import type { SubWorkflowReader } from '../../importer/createOnce';
import { ImportInputError, parseWorkflowText } from '../../importer/readWorkflow';
import { processExit, processIo, type CommandIo, type Exit, type OutputFormat } from '../io';
import { configOption, formatOption } from '../options';
import { runCommand } from '../run';

export interface ImportOptions {
	out?: string;
	config?: string;
	manifest?: string;
	format?: OutputFormat;
}

const IMPORTED_CONFIG_FILE = 'hermes.config.json';

function readText(file: string): string | ImportInputError {
	if (!existsSync(file)) return new ImportInputError(`${file} does not exist`, 'Give the path of a workflow JSON file');
	return readFileSync(file, 'utf8');
}

/** The manifest next to a generated workflow carries the sensitive flags. */
function readManifest(workflowFile: string, explicit?: string): unknown {
	const file = explicit ?? workflowFile.replace(/\.json$/, '.index.json');
	if (file === workflowFile || !existsSync(file)) return undefined;
	const parsed = parseWorkflowText(readFileSync(file, 'utf8'), file);
	return parsed instanceof ImportInputError ? undefined : parsed;
}

/** A workflow the imported one calls, from its file beside it (generate writes them together), if that file holds it. */
function besideFile(workflowFile: string): SubWorkflowReader {
	return (name, fileName) => {
		const path = join(dirname(workflowFile), fileName);
		if (!existsSync(path)) return undefined;
		const parsed = parseWorkflowText(readFileSync(path, 'utf8'), path) as { name?: unknown; nodes?: unknown };
		return !(parsed instanceof ImportInputError) && parsed?.name === name ? parsed : undefined;
	};
}

function summary(result: ImportResult, file: string, out: string, written: string[]): string {
	const total = result.tools.length + result.problems.length;
	const lines = [`Imported ${result.tools.length} of ${total} tools from ${file} into ${out}/ (${written.join(', ')})`];
	for (const problem of result.problems) lines.push(`NOT IMPORTED ${problem.tool}: ${problem.reason}`);
	if (result.ignoredNodes.length > 0) lines.push(`Ignored non-tool nodes: ${result.ignoredNodes.join(', ')}`);
	const overridden = Object.keys(result.configOverrides);
	if (overridden.length > 0) {
		lines.push(`The workflow differs from the default config in ${overridden.join(', ')}: kept in ${join(out, IMPORTED_CONFIG_FILE)}`);
	}
	for (const note of result.notes) lines.push(`Note: ${note}`);
	lines.push(`Next: hermes-workflows generate --config ${join(out, IMPORTED_CONFIG_FILE)} (or move the files into your project and add them to its config's catalogue list).`);
	return `${lines.join('\n')}\n`;
}

export function runImport(file: string, options: ImportOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, () => importInto(file, options, io));
}

async function importInto(file: string, options: ImportOptions, io: CommandIo): Promise<number> {
	const out = options.out ?? 'imported-catalogue';
	// Loaded when the command runs, so other commands start without them.
	const [{ loadConfig }, { importWorkflow }] = await Promise.all([import('../../config'), import('../../importer/importWorkflow')]);
	const config = loadConfig(options.config);
	const text = readText(file);
	if (text instanceof ImportInputError) throw text;
	const result: ImportResult = importWorkflow(parseWorkflowText(text, file), file, config, readManifest(file, options.manifest), besideFile(file));
	// ts-morph (and the TypeScript compiler it carries) is loaded only when import runs: other
	// commands start without it, and a project installs it only to import (an optional peer).
	// The files are built before anything is written, so without ts-morph import changes nothing.
	const { emitCatalogue } = await import('../../importer/emitSource');
	const files = emitCatalogue(result.tools, basename(file), result.problems);
	mkdirSync(join(out, CATALOGUE_DIR), { recursive: true });
	for (const emitted of files) writeFileSync(join(out, CATALOGUE_DIR, emitted.file), emitted.content);
	const catalogue = files.map((f) => `${CATALOGUE_DIR}/${f.file}`);
	// A config that generates exactly this catalogue: its file list plus what the workflow showed.
	writeFileSync(join(out, IMPORTED_CONFIG_FILE), `${JSON.stringify({ catalogue, ...result.configOverrides }, null, 2)}\n`);
	const written = [...catalogue, IMPORTED_CONFIG_FILE];
	if (options.format === 'json') {
		const body = {
			ok: result.problems.length === 0,
			out,
			files: written,
			workflowName: result.workflowName,
			tools: result.tools.map((t) => t.name),
			problems: result.problems,
			ignoredNodes: result.ignoredNodes,
			notes: result.notes,
			configOverrides: result.configOverrides,
		};
		io.stdout(`${JSON.stringify(body, null, 2)}\n`);
	} else {
		io.stdout(summary(result, file, out, written));
	}
	return result.problems.length === 0 ? EXIT.ok : EXIT.findings;
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('import')
		.description('turn an MCP tool workflow (e.g. built in the n8n editor) into catalogue TypeScript')
		.argument('<workflow>', 'workflow JSON file')
		.option('-o, --out <dir>', 'folder to write catalogue/*.ts and hermes.config.json into', 'imported-catalogue')
		.addOption(configOption('project config whose names (gateway workflows, credentials) the workflow uses; default: the built-in one'))
		.option('--manifest <file>', 'node-index manifest with the sensitive flags (default: <workflow>.index.json if present)')
		.addOption(formatOption())
		.action(async (workflow: string, options: ImportOptions) => {
			exit(await runImport(workflow, options, io));
		});
}
