/**
 * `hermes-workflows init [dir]`: scaffolds a workflow-as-code project in the user's repository:
 * package.json with hermes-workflows as a devDependency, hermes.config.ts, the default catalogue
 * as editable TypeScript, a tsconfig.json for editors, and an example CI job. Nothing that exists
 * is overwritten (package.json only gains what it lacks).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

import type { Command } from 'commander';

import { tokenVariable } from '../../agentConfig/endpoints';
import { CATALOGUE_DIR, DEFAULT_CATALOGUE_FILES, defaultConfig } from '../../config/defaults';
import { CONFIG_FILE_NAMES } from '../../config/fileNames';
import { defaultNodeSettings } from '../../config/nodeSettings';
import { packageRoot, packageVersion } from '../../runtime/packageRoot';
import { EXIT, HermesError } from '../../errors';
import { cliDependencySpec } from '../cliDependency';
import { defaultCatalogue } from '../../project';
import { processExit, processIo, type CommandIo, type Exit, type OutputFormat } from '../io';
import { formatOption } from '../options';
import { runCommand } from '../run';

const CI_EXAMPLE = join('.github', 'workflows', 'hermes-workflows.yml');

/** The config written for a new project: every key a deployment usually changes, at its default. */
function renderConfig(catalogue: readonly string[], project: string): string {
	// No workflowName: left out, it and the gateway sub-workflows' names follow mcpPath, so a
	// second project with its own path never takes over the first one's workflows; and `project`,
	// which its tool workflows carry, so push refuses a second project on the same path.
	const { mcpPath, nodeTypePrefix, credentials, odooCredentialType, pipelineWorkflow, employeeId } = defaultConfig();
	// Every gateway's settings, from the contracts, at the nodes' defaults.
	const body = { project, catalogue, mcpPath, nodeTypePrefix, credentials, odooCredentialType, pipelineWorkflow, ...defaultNodeSettings(), employeeId };
	const json = JSON.stringify(body, null, '\t').replace(/^(\t+)"([A-Za-z_$][A-Za-z0-9_$]*)":/gm, '$1$2:').replace(/"/g, "'");
	// Off by default: it needs a channel credential and n8n's public URL, which only the user knows.
	const approvals = [
		'\t// Sensitive tools act only on a call a person approved (see the approvals page of the docs):',
		"\t// approvals: { channel: { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] }, publicUrl: 'https://n8n.example.com' },",
	].join('\n');
	return [
		"import { defineConfig } from 'hermes-workflows';",
		'',
		'// Keys left out keep their built-in default (`hermes-workflows --help` lists the commands).',
		"// The workflows are named after mcpPath: 'Hermes MCP Tools' on hermes-tools, 'Hermes MCP Tools (<path>)' on another.",
		`export default defineConfig(${json.replace(/\n\}$/, `,\n${approvals}\n}`)});`,
		'',
	].join('\n');
}

/** The default catalogue's sensitive tools: the first lint warns about each until approvals gate it. */
function sensitiveCount(): number {
	return defaultCatalogue().filter((tool) => tool.sensitive).length;
}

/** The project's identity: its folder's name, and a random part, since two folders may share a name. */
export function projectId(dir: string): string {
	const name = basename(dir).replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 80);
	return `${name || 'project'}-${randomBytes(3).toString('hex')}`;
}

function npmName(dir: string): string {
	const name = basename(dir).toLowerCase().replace(/[^a-z0-9-._~]/g, '-').replace(/^[-._]+/, '');
	return name || 'hermes-tools';
}

/** Whether package.json already named hermes-workflows (then init keeps that spec). */
function ensurePackageJson(dir: string, range: string, created: string[], kept: string[]): boolean {
	const file = join(dir, 'package.json');
	const scripts = { generate: 'hermes-workflows generate', check: 'hermes-workflows generate --check && hermes-workflows lint workflows' };
	if (!existsSync(file)) {
		const pkg = { name: npmName(dir), private: true, scripts, devDependencies: { 'hermes-workflows': range } };
		writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
		created.push('package.json');
		return false;
	}
	const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
	const has = pkg.dependencies?.['hermes-workflows'] ?? pkg.devDependencies?.['hermes-workflows'];
	const missingScripts = Object.entries(scripts).filter(([name]) => pkg.scripts?.[name] === undefined);
	if (has && missingScripts.length === 0) {
		kept.push('package.json');
		return true;
	}
	if (!has) pkg.devDependencies = { ...pkg.devDependencies, 'hermes-workflows': range };
	pkg.scripts = { ...pkg.scripts, ...Object.fromEntries(missingScripts) };
	writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
	created.push('package.json (updated)');
	return has !== undefined;
}

export interface InitOptions {
	format?: OutputFormat;
	/** The hermes-workflows dependency to write when package.json has none: a range or a tarball path. */
	cli?: string;
}

export function runInit(dirArg: string | undefined, options: InitOptions = {}, io: CommandIo = processIo): number {
	return runCommand(io, options.format, () => init(resolve(dirArg ?? '.'), options, io));
}

function init(dir: string, options: InitOptions, io: CommandIo): number {
	const fail = (message: string, hint: string) => new HermesError(message, hint, 'filesystem');
	const existing = CONFIG_FILE_NAMES.find((name) => existsSync(join(dir, name)));
	if (existing) throw fail(`${join(dir, existing)} already exists`, 'this folder is already a project; edit its config, or init another folder');
	const catalogueFiles = DEFAULT_CATALOGUE_FILES.map((file) => `${CATALOGUE_DIR}/${file}`);
	const clash = catalogueFiles.find((file) => existsSync(join(dir, file)));
	if (clash) throw fail(`${join(dir, clash)} already exists`, `move the ${CATALOGUE_DIR}/ folder away or init another folder`);

	// Checked before anything is written.
	const range = options.cli === undefined ? `^${packageVersion()}` : cliDependencySpec(options.cli, dir);
	const created: string[] = [];
	const kept: string[] = [];
	let hadDependency = false;
	try {
		mkdirSync(join(dir, CATALOGUE_DIR), { recursive: true });
		hadDependency = ensurePackageJson(dir, range, created, kept);
		writeFileSync(join(dir, 'hermes.config.ts'), renderConfig(catalogueFiles, projectId(dir)));
		created.push('hermes.config.ts');
		for (const file of DEFAULT_CATALOGUE_FILES) {
			copyFileSync(join(packageRoot(), CATALOGUE_DIR, file), join(dir, CATALOGUE_DIR, file));
			created.push(`${CATALOGUE_DIR}/${file}`);
		}
		const templates = join(packageRoot(), 'templates', 'project');
		for (const [from, to] of [
			['tsconfig.json', 'tsconfig.json'],
			['ci.yml', CI_EXAMPLE],
		]) {
			if (existsSync(join(dir, to))) {
				kept.push(to);
				continue;
			}
			mkdirSync(join(dir, to, '..'), { recursive: true });
			copyFileSync(join(templates, from), join(dir, to));
			created.push(to);
		}
	} catch (error) {
		const { code, message } = error as NodeJS.ErrnoException;
		throw fail(`cannot write the project in ${dir}: ${code ?? ''} ${message}`.trim(), 'check the folder exists and is writable, then run init again');
	}
	const dependency = hadDependency ? undefined : range;
	if (options.format === 'json') {
		io.stdout(`${JSON.stringify({ ok: true, dir, created, kept, ...(dependency ? { dependency } : {}) }, null, 2)}\n`);
		return EXIT.ok;
	}
	const lines = [
		`Created a hermes-workflows project in ${dir}:`,
		...created.map((file) => `  created ${file}`),
		...kept.map((file) => `  kept    ${file} (already there)`),
		...(dependency ? [`  package.json depends on hermes-workflows ${dependency}${options.cli === undefined ? ' (from the npm registry; before it is published there, run init with --cli <path to hermes-workflows-<version>.tgz>)' : ''}`] : []),
		'',
		'Next:',
		'  npm install                        # installs hermes-workflows; commit package-lock.json (the CI job runs npm ci with it)',
		'  npx hermes-workflows generate      # writes workflows/ from catalogue/ and hermes.config.ts',
		`  npx hermes-workflows lint workflows   # ${sensitiveCount()} warnings (HMT017) until approvals gate the sensitive tools`,
		'  npx hermes-workflows push --url http://<n8n>:5678 --api-key "$N8N_API_KEY"   # first create in n8n the credentials the config names',
		'  npx hermes-workflows agent-config --url http://<n8n>:5678   # the agent\'s MCP config, tokens as env vars',
		`  npx hermes-workflows doctor --url http://<n8n>:5678 --api-key "$N8N_API_KEY" --token "$${tokenVariable(defaultConfig().mcpPath)}"   # check the live deployment, read-only`,
	];
	io.stdout(`${lines.join('\n')}\n`);
	return EXIT.ok;
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('init')
		.description('scaffold a workflow-as-code project: package.json, hermes.config.ts, catalogue/ with the default tools, tsconfig.json, an example CI job')
		.argument('[dir]', 'project folder (created if missing)', '.')
		.option('--cli <spec>', 'the hermes-workflows dependency package.json gets when it has none: a version range (default ^<this version>) or the path of a packed .tgz, written as a file: path relative to the project')
		.addOption(formatOption())
		// The count loads the catalogue, so only when the help is printed, not on every run of the CLI.
		.addHelpText('after', () => `\nThe default catalogue: ${defaultCatalogue().length} tools.\nExit codes: 0 created, 2 the folder already holds a project, cannot be written, or --cli is not a range or an existing .tgz.\nExamples:\n  npx hermes-workflows init my-tools\n  hermes-workflows init my-tools --cli ../hermes-workflows-0.2.0.tgz   # before publication`)
		.action((dir: string, options: InitOptions) => {
			exit(runInit(dir, options, io));
		});
}
