/**
 * `hermes-workflows lint FILE|FOLDER...`: lints any n8n workflow JSON for the mistakes that break
 * MCP tools (see `--list-rules`); a folder stands for the `.json` files under it; a file may also
 * hold an array of workflows, as `n8n export:workflow` writes them (no manifest check then).
 * Exit 0 clean, 1 on errors (warnings too with --strict), 2 when an input cannot be read, is not
 * JSON or is not a workflow (each such file is an HMT000 finding, in every format), when a path
 * does not exist (an error with a hint, nothing linted), or on bad usage.
 */
import { existsSync, readFileSync } from 'node:fs';

import type { Command } from 'commander';

import { isObject } from '../../contracts';
import { EXIT, HermesError, UsageError } from '../../errors';
import { FORMATS, formatFindings, type Format, type LocatedFinding } from '../../lint/format';
import { lintWorkflow, RULES, SHAPE_CODE, SHAPE_RULE, type Finding } from '../../lint/core';
import { expandInputs } from '../../lint/files';
import { isManifestFile, manifestPathFor, manifestSchema } from '../../lint/manifest';
import { ruleDocs } from '../../lint/ruleDocs';
import { addApiOptions, clientFrom, type ApiCommandOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { formatOption } from '../options';
import { runCommand } from '../run';

export interface LintCommandOptions {
	format?: Format;
	strict?: boolean;
	manifest?: string;
	listRules?: boolean;
	rulesDoc?: boolean;
}

export interface LiveLintOptions extends ApiCommandOptions {
	format?: Format;
	strict?: boolean;
}

class UnreadableInput extends Error {}

/** A file that cannot be linted, as a finding (so it shows in every output format). */
function unreadableFinding(file: string, message: string): LocatedFinding {
	return { code: SHAPE_CODE, severity: SHAPE_RULE.severity, message, hint: SHAPE_RULE.hint, file };
}

/** A format given by a program calling runLint (the command line is checked by commander). */
function checkedFormat(format: Format | undefined): Format {
	if (format !== undefined && !FORMATS.includes(format)) throw new UsageError(`unknown --format ${String(format)}`, `use one of ${FORMATS.join(', ')}`);
	return format ?? 'text';
}

/** Exit 1 on errors, or on any finding with --strict. */
function findingsExit(findings: readonly Finding[], strict: boolean | undefined): number {
	return findings.some((f) => f.severity === 'error' || strict === true) ? EXIT.findings : EXIT.ok;
}

function readJson(file: string, what: string): { text: string; json: unknown } {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		throw new UnreadableInput(`cannot read ${what} ${file}: ${(error as Error).message}`);
	}
	try {
		return { text, json: JSON.parse(text) as unknown };
	} catch (error) {
		throw new UnreadableInput(`${what} ${file} is not valid JSON: ${(error as Error).message}`);
	}
}

/** What `n8n export:workflow` writes without --separate: a JSON array of workflows. */
function exportedWorkflows(json: unknown): Array<Record<string, unknown>> | undefined {
	return Array.isArray(json) && json.length > 0 && json.every(isObject) ? (json as Array<Record<string, unknown>>) : undefined;
}

/** 1-based line of each node's `"name": ...` in the file, for annotations. */
function nodeLines(text: string): Map<string, number> {
	const lines = new Map<string, number>();
	text.split('\n').forEach((line, index) => {
		const match = /"name"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line);
		if (!match) return;
		const name = JSON.parse(match[1]) as string;
		if (!lines.has(name)) lines.set(name, index + 1);
	});
	return lines;
}

const RULES_HELP = [
	'Rules (code, severity, what it catches):',
	...[SHAPE_RULE, ...RULES].map((rule) => `  ${rule.code}  ${rule.severity.padEnd(7)}  ${rule.summary}`),
	'',
	'Run with --list-rules for why each rule matters and how to fix a finding.',
].join('\n');

function listRules(): string {
	return `${[SHAPE_RULE, ...RULES]
		.map((rule) => `${rule.code} ${rule.name} (${rule.severity})\n  ${rule.summary}\n  why: ${rule.why}\n  fix: ${rule.hint}`)
		.join('\n\n')}\n`;
}

/** The whole command as a function of its arguments, so tests run it without a process. */
export function runLint(paths: string[], options: LintCommandOptions = {}, io: CommandIo = processIo): number {
	return runCommand(io, options.format, () => lintFiles(paths, options, io));
}

function lintFiles(paths: string[], options: LintCommandOptions, io: CommandIo): number {
	if (options.listRules) {
		io.stdout(listRules());
		return EXIT.ok;
	}
	if (options.rulesDoc) {
		io.stdout(ruleDocs());
		return EXIT.ok;
	}
	const format = checkedFormat(options.format);
	if (paths.length === 0) {
		throw new UsageError('give at least one workflow JSON file or folder', 'hermes-workflows lint workflows/ (or --list-rules)');
	}
	const { inputs, emptyFolders } = expandInputs(paths);
	if (options.manifest !== undefined && (inputs.length !== 1 || inputs[0].found)) {
		throw new UsageError('--manifest compares one workflow', 'give exactly one FILE with --manifest');
	}
	// A path that is not there is a typo on the command line, not a workflow with a finding.
	const missing = paths.filter((path) => !existsSync(path));
	if (missing.length > 0) {
		throw new UsageError(`no such file or folder: ${missing.join(', ')}`, 'check the path (relative to the folder you run the command in), e.g. hermes-workflows lint workflows/');
	}
	if (emptyFolders.length > 0) {
		throw new UsageError(`no .json file under ${emptyFolders.join(', ')}`, 'give the folder that holds the exported workflow JSON files');
	}
	const findings: LocatedFinding[] = [];
	let linted = 0;
	for (const { file, found } of inputs) {
		linted++;
		try {
			const { text, json: workflow } = readJson(file, 'workflow');
			if (isManifestFile(file) && manifestSchema.safeParse(workflow).success) {
				linted--;
				// named on purpose: say why it is skipped; met in a folder: it is its workflow's companion
				if (!found) io.stderr(`${file}: a tool manifest, checked with its workflow (HMT013); not linted as a workflow\n`);
				continue;
			}
			findings.push(...lintFile(file, text, workflow, options.manifest));
		} catch (error) {
			if (!(error instanceof UnreadableInput)) throw error;
			findings.push(unreadableFinding(file, error.message));
		}
	}
	io.stdout(formatFindings(format, findings, linted));
	if (findings.some((f) => f.code === SHAPE_CODE)) return EXIT.failed;
	return findingsExit(findings, options.strict);
}

/** `lint --live`: the generated workflows as n8n holds them; every one must be there. */
export function runLintLive(files: string[], options: LiveLintOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, async () => {
		if (files.length > 0) throw new UsageError('--live lints the workflows deployed in n8n, not files', 'give no FILE with --live');
		const format = checkedFormat(options.format);
		// Loaded when --live runs: a plain lint of files never loads the builders.
		const [{ desiredWorkflows }, { lintDeployed }] = await Promise.all([import('../../deploy/desired'), import('../../deploy/liveLint')]);
		const desired = desiredWorkflows(options.config);
		const client = clientFrom(options, io);
		const { findings, linted, missing } = await lintDeployed(client, desired);
		if (missing.length > 0) {
			throw new HermesError(
				`${missing.length} of ${desired.length} generated workflows are not in n8n at ${client.root}: ${missing.map((name) => `"${name}"`).join(', ')}`,
				'push them first (hermes-workflows push creates them), then lint --live again',
				'n8n',
			);
		}
		io.stdout(formatFindings(format, findings, linted));
		return findingsExit(findings, options.strict);
	});
}

/** One file's findings: a workflow with its manifest and node lines, or an export array. */
function lintFile(file: string, text: string, workflow: unknown, manifestOption: string | undefined): LocatedFinding[] {
	const exported = exportedWorkflows(workflow);
	if (exported) {
		// several workflows: each finding names its workflow; node lines would be ambiguous
		return exported.flatMap((item, index) => {
			const label = `workflow ${index + 1}${typeof item.name === 'string' ? ` ${JSON.stringify(item.name)}` : ''}`;
			return lintWorkflow(item, { file }).map((finding) => ({ ...finding, message: `${label}: ${finding.message}` }));
		});
	}
	const manifestFile = manifestOption ?? manifestPathFor(file);
	const manifest =
		manifestOption !== undefined || existsSync(manifestFile) ? readJson(manifestFile, 'manifest').json : undefined;
	const lines = nodeLines(text);
	return lintWorkflow(workflow, { file, manifest }).map((finding) => {
		const line = finding.node !== undefined ? lines.get(finding.node) : undefined;
		return line !== undefined ? { ...finding, line } : finding;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	const command = program
		.command('lint')
		.description('lint n8n workflow JSON files for the mistakes that break MCP tools and AI agents')
		.argument('[files...]', 'workflow JSON files or folders of them (any n8n workflow, not only generated ones; an n8n CLI export array too)')
		.addOption(formatOption(FORMATS))
		.option('--strict', 'fail (exit 1) on warnings too', false)
		.option('--manifest <file>', 'node-index manifest to compare with (default: <name>.index.json next to FILE)')
		.option('--list-rules', 'explain every rule: what, why, how to fix')
		.option('--rules-doc', 'print the rule reference page (docs/lint-rules.md) generated from the rule registry')
		.option('--live', 'lint the generated workflows as deployed in n8n (by exact name, through the public API) instead of FILEs')
		.addHelpText('after', `\nExit: 0 clean, 1 errors (or warnings with --strict), 2 an input that cannot be linted (an HMT000 finding) or bad usage.\n\n${RULES_HELP}`);
	addApiOptions(command).action(async (files: string[], options: LintCommandOptions & LiveLintOptions & { live?: boolean }) => {
		exit(options.live ? await runLintLive(files, options, io) : runLint(files, options, io));
	});
}
