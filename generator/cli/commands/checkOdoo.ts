/**
 * `hermes-workflows check-odoo`: reads the live Odoo schema over XML-RPC and reports every
 * catalogue tool whose model or field is missing or of another type. Exit 0 complete, 1 mismatch,
 * 2 bad input or Odoo not usable (unreachable, wrong database, bad credentials).
 */
import { Option, type Command } from 'commander';

import { UsageError } from '../../errors';
import type { ReportFormat } from '../../odoo/report';
import type { ToolSpec } from '../../toolSpec/schema';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { configOption, formatOption } from '../options';
import { runCommand } from '../run';

export interface CheckOdooOptions {
	url: string;
	db: string;
	user: string;
	password?: string;
	apiKey?: string;
	config?: string;
	format?: ReportFormat;
	timeout?: string | number;
}

/** The whole command as a function of its options, so tests run it without a process. */
export function runCheckOdoo(options: CheckOdooOptions, io: CommandIo = processIo, tools?: readonly ToolSpec[]): Promise<number> {
	const format: ReportFormat = options.format === 'json' ? 'json' : 'text';
	return runCommand(io, format, () => checkOdoo(options, format, io, tools));
}

async function checkOdoo(options: CheckOdooOptions, format: ReportFormat, io: CommandIo, tools?: readonly ToolSpec[]): Promise<number> {
	const secret = options.apiKey ?? options.password ?? io.env.ODOO_API_KEY ?? io.env.ODOO_PASSWORD;
	if (options.apiKey !== undefined && options.password !== undefined) {
		throw new UsageError('Give either --password or --api-key, not both', 'An API key replaces the password');
	}
	if (!secret) {
		throw new UsageError(
			'No password or API key',
			'Pass --api-key (recommended) or --password, or set ODOO_API_KEY / ODOO_PASSWORD to keep it out of the process list',
		);
	}
	const timeoutSeconds = Number(options.timeout ?? 15);
	if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
		throw new UsageError(`Bad --timeout ${String(options.timeout)}`, 'Give a number of seconds, e.g. --timeout 30');
	}
	// Loaded when the command runs, so other commands start without them.
	const [{ loadProject }, { checkOdooSchema }, { requirementsFromCatalogue }, { formatReport }] = await Promise.all([
		import('../../project'),
		import('../../odoo/checkSchema'),
		import('../../odoo/fromCatalogue'),
		import('../../odoo/report'),
	]);
	const project = loadProject(options.config);
	const requirements = requirementsFromCatalogue(tools ?? project.tools, { employeeId: project.config.employeeId });
	// An Odoo that cannot be checked throws an OdooConnectionError, printed as every failure is.
	const report = await checkOdooSchema(
		{ url: options.url, db: options.db, login: options.user, secret, timeoutMs: timeoutSeconds * 1000 },
		requirements,
	);
	io.stdout(formatReport(report, format));
	return report.ok ? 0 : 1;
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('check-odoo')
		.description("check that a live Odoo has every model and field the catalogue's Odoo tools use (XML-RPC)")
		.requiredOption('--url <url>', 'Odoo base URL, e.g. https://odoo.example.com')
		.requiredOption('--db <name>', 'Odoo database name')
		.requiredOption('--user <login>', 'Odoo login (usually an email)')
		.addOption(new Option('--password <password>', 'password (or set ODOO_PASSWORD)').conflicts('apiKey'))
		.addOption(new Option('--api-key <key>', 'API key, used in place of the password (or set ODOO_API_KEY)'))
		.addOption(configOption())
		.addOption(formatOption())
		.option('--timeout <seconds>', 'per-request timeout', '15')
		.action(async (options: CheckOdooOptions) => {
			exit(await runCheckOdoo(options, io));
		});
}
