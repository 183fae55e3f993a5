/**
 * `hermes-workflows doctor`: checks a live deployment against the config, read-only: it calls the
 * catalogue's read-only tools once each (tools/list alone cannot show that a tool works), unless
 * `--no-call-reads`; an admin token adds one admin read. Exit 0 every check ok (warnings allowed), 1 a
 * check failed, 2 doctor could not run (bad config, n8n unreachable or refusing the key).
 */
import { Option, type Command } from 'commander';

import { EXIT, UsageError } from '../../errors';
import { addApiOptions, clientFrom, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { formatOption } from '../options';
import { runCommand } from '../run';

export interface DoctorCommandOptions extends ApiCommandOptions, ReportOptions {
	token?: string;
	adminToken?: string;
	adminApiKey?: string;
	callReads?: boolean;
	mode?: 'queue' | 'regular';
	timeout?: string;
}

/** The bound of each endpoint request: a positive number of seconds. */
function timeoutMs(value: string | undefined): number {
	const seconds = Number(value ?? '30');
	if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout ${value} is not a positive number of seconds`, 'pass e.g. --timeout 30');
	return seconds * 1000;
}

export function runDoctorCommand(options: DoctorCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, async () => {
		// Loaded when the command runs, so other commands start without the n8n client and the builders.
		const [{ loadProject }, { deploymentOf }, { doctorContext }, { runDoctor, renderText }, { tokenVariable }] = await Promise.all([
			import('../../project'),
			import('../../deploy/desired'),
			import('../../doctor/context'),
			import('../../doctor'),
			import('../../agentConfig/endpoints'),
		]);
		const project = loadProject(options.config);
		const desired = deploymentOf(project);
		const client = clientFrom(options, io);
		const email = io.env.N8N_EMAIL;
		const password = io.env.N8N_PASSWORD;
		const context = doctorContext(client, project, desired, {
			baseUrl: client.root.replace(/\/api\/v1$/, ''),
			// The variable agent-config names for the tool endpoint, so the agent and doctor read one.
			token: options.token ?? io.env[tokenVariable(project.config.mcpPath)],
			...(project.config.admin && { adminToken: options.adminToken ?? io.env[tokenVariable(project.config.admin.path)] }),
			// On unless --no-call-reads: the reads are read-only by the catalogue's own readOnly.
			callReads: options.callReads !== false,
			adminApiKey: options.adminApiKey ?? io.env.HERMES_ADMIN_API_KEY,
			timeoutMs: timeoutMs(options.timeout),
			...(email && password ? { login: { email, password } } : {}),
			...(options.mode ? { mode: options.mode } : {}),
		});
		const report = await runDoctor(context);
		io.stdout(options.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderText(report));
		return report.ok ? EXIT.ok : EXIT.findings;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	addApiOptions(
		program
			.command('doctor')
			.description(
				'check a live deployment against the config, read-only: n8n version and mode, the workflows, caller lists, credentials, the MCP endpoints (403 without the token, tools/list), approvals, the admin endpoint and its key\'s scopes',
			),
	)
		.addOption(formatOption())
		.option('--token <token>', 'bearer token of the MCP endpoints (default: env MCP_<MCPPATH>_API_KEY, e.g. MCP_HERMES_TOOLS_API_KEY, as agent-config names it); without it the token checks warn')
		.option('--admin-token <token>', "bearer token of the admin endpoint (default: env MCP_<ADMIN PATH>_API_KEY, e.g. MCP_HERMES_ADMIN_API_KEY, as agent-config names it); without it the admin endpoint's tools/list and read are not checked")
		.option('--admin-api-key <key>', "the admin channel's n8n API key (default: env HERMES_ADMIN_API_KEY), to check it holds only read scopes")
		.option('--no-call-reads', "do not call the read-only tools (by default doctor calls each once with harmless arguments, and with an admin token n8n_list_workflows; none of them writes); without the calls the read-tools check says it did not check them")
		.addOption(new Option('--call-reads', 'the default; kept for scripts that pass it').hideHelp())
		.addOption(new Option('--mode <mode>', 'n8n mode when doctor cannot log in to read it (N8N_EMAIL/N8N_PASSWORD)').choices(['queue', 'regular']))
		.option('--timeout <seconds>', 'bound of each MCP request; a call unanswered within it is a finding', '30')
		.addHelpText('after', '\nExit: 0 every check ok (warnings allowed), 1 a check failed, 2 could not run (bad config, n8n unreachable or refusing).')
		.action(async (options: DoctorCommandOptions) => {
			exit(await runDoctorCommand(options, io));
		});
}
