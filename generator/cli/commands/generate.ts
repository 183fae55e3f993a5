/**
 * `generate`: writes the workflows and manifests for the catalogue and a deployment config.
 * `--check` writes nothing and exits 1 when a file on disk differs from what would be written.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Command } from 'commander';

import type { GeneratedFile } from '../../project';
import { EXIT } from '../../errors';
import { processExit, processIo, type CommandIo, type Exit, type OutputFormat } from '../io';
import { configOption, formatOption } from '../options';
import { runCommand } from '../run';

export const DEFAULT_OUT_DIR = 'workflows';

interface GenerateOptions {
	config?: string;
	out: string;
	check?: boolean;
	format?: OutputFormat;
}

type FileState = 'unchanged' | 'changed' | 'new';

function readOrUndefined(path: string): string | undefined {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return undefined;
	}
}

/** First differing line, enough to see what drifted. */
export function diffHint(actual: string | undefined, expected: string): string {
	if (actual === undefined) return 'missing on disk';
	const a = actual.split('\n');
	const e = expected.split('\n');
	for (let i = 0; i < Math.max(a.length, e.length); i++) {
		if (a[i] !== e[i]) {
			const show = (line: string | undefined) => (line === undefined ? '<end of file>' : line.trim().slice(0, 120));
			return `line ${i + 1}: on disk ${show(a[i])} | generated ${show(e[i])}`;
		}
	}
	return 'differs';
}

function describe(file: GeneratedFile): string {
	if (!file.workflow) return '';
	const tools = file.tools !== undefined ? `, ${file.tools} tools` : '';
	return ` (${file.workflow.nodes.length} nodes${tools})`;
}

interface Output {
	write(text: string): unknown;
}

/** Writes generated files, or with `check` compares them; returns the exit code. Throws expected failures. */
async function generate(options: GenerateOptions, out: Output, err: Output): Promise<number> {
	// Loaded when the command runs, so other commands start without the n8n client and the builders.
	const [{ gatewayWorkflowFileName }, { generateAll, loadProject }, { ownedListFile, staleOwnedFiles }, { GATEWAYS }] = await Promise.all([
		import('../../builders'),
		import('../../project'),
		import('../../project/ownedFiles'),
		import('../../toolSpec/schema'),
	]);
	const project = loadProject(options.config);
	const generated: GeneratedFile[] = generateAll(project.tools, project.config);
	const files = [...generated, ownedListFile(generated)];
	const dir = resolve(options.out);
	const states = files.map((f) => {
		const current = readOrUndefined(join(dir, f.file));
		const state: FileState = current === undefined ? 'new' : current === f.content ? 'unchanged' : 'changed';
		return { f, current, state, path: join(options.out, f.file) };
	});
	// Left on disk, a file no longer generated would be imported or pushed by hand as if current.
	const stale = staleOwnedFiles(dir, files.map((f) => f.file), GATEWAYS.map(gatewayWorkflowFileName));
	const json = options.format === 'json';
	const report = (extra: Record<string, unknown>) =>
		out.write(
			`${JSON.stringify({ ...extra, out: options.out, files: states.map(({ path, state }) => ({ file: path, state })), stale: stale.map((file) => join(options.out, file)) }, null, 2)}\n`,
		);
	if (options.check) {
		const drift = states.filter((s) => s.state !== 'unchanged');
		for (const { current, f, path } of drift) err.write(`differs: ${path}: ${diffHint(current, f.content)}\n`);
		for (const file of stale) err.write(`stale: ${join(options.out, file)}: generate wrote it and this config no longer generates it\n`);
		if (json) report({ ok: drift.length === 0 && stale.length === 0, check: true });
		if (drift.length > 0 || stale.length > 0) {
			err.write(
				`${drift.length} of ${files.length} files differ from the catalogue${stale.length > 0 ? `, ${stale.length} stale` : ''}; run \`hermes-workflows generate\` and commit.\n`,
			);
			return EXIT.findings;
		}
		if (!json) out.write(`${files.length} files up to date in ${options.out}\n`);
		return EXIT.ok;
	}
	mkdirSync(dir, { recursive: true });
	// Before the list is rewritten, so a file it no longer names is never left behind.
	for (const file of stale) {
		rmSync(join(dir, file));
		if (!json) out.write(`removed   ${join(options.out, file)} (this config no longer generates it)\n`);
	}
	for (const { f, state, path } of states) {
		if (state !== 'unchanged') writeFileSync(join(dir, f.file), f.content);
		if (!json) out.write(`${state === 'unchanged' ? 'unchanged' : 'written  '} ${path}${describe(f)}\n`);
	}
	const written = states.filter((s) => s.state !== 'unchanged').length;
	if (json) report({ ok: true, check: false });
	else out.write(`${written} written, ${files.length - written} unchanged${stale.length > 0 ? `, ${stale.length} removed` : ''}\n`);
	return EXIT.ok;
}

export function runGenerate(options: GenerateOptions, out: Output = process.stdout, err: Output = process.stderr): Promise<number> {
	const io = { stdout: (text: string) => out.write(text), stderr: (text: string) => err.write(text), env: process.env };
	return runCommand(io, options.format, () => generate(options, out, err));
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('generate')
		.description(
			'generate the MCP tools workflow (trigger + one node per catalogue tool), its node-index manifest, one workflow + manifest per configured toolset, the gateway sub-workflows, and with `approvals` in the config one gate sub-workflow per gated tool and the approval page; removes the files it wrote before and no longer generates (listed in .hermes-generated).',
		)
		.addOption(configOption())
		.option('-o, --out <dir>', 'output directory', DEFAULT_OUT_DIR)
		.option('--check', 'write nothing; exit 1 and list the files that differ from what would be generated')
		.addOption(formatOption())
		.addHelpText(
			'after',
			'\nExit codes: 0 written or up to date, 1 --check found drift, 2 bad config or catalogue, or a file that cannot be written.\nExample: hermes-workflows generate --config deploy.json --out workflows',
		)
		.action(async (options: GenerateOptions) => {
			exit(await runGenerate(options, { write: io.stdout }, { write: io.stderr }));
		});
}
