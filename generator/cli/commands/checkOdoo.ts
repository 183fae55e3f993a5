/**
 * `hermes-workflows check-odoo`: reads the live Odoo schema over XML-RPC and reports every
 * catalogue tool whose model or field is missing or of another type. Exit 0 complete, 1 mismatch,
 * 2 bad input or Odoo not usable (unreachable, wrong database, bad credentials).
 */
import { Command, Option } from 'commander';

import type { ToolSpec } from '../../toolSpec/schema';
import { toCliError } from '../errors';
import { processIo, type CommandIo } from '../io';
import { reportError } from '../run';
import type { ReportFormat } from '../../odoo/report';

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

function usage(io: CommandIo, format: ReportFormat, message: string, hint: string): number {
	reportError(io, format, { kind: 'usage', message, hint });
	return 2;
}

/** The whole command as a function of its options, so tests run it without a process. */
export async function runCheckOdoo(
	options: CheckOdooOptions,
	io: CommandIo = processIo,
	tools?: readonly ToolSpec[],
): Promise<number> {
	const format: ReportFormat = options.format === 'json' ? 'json' : 'text';
	const secret = options.apiKey ?? options.password ?? io.env.ODOO_API_KEY ?? io.env.ODOO_PASSWORD;
	if (options.apiKey !== undefined && options.password !== undefined) {
		return usage(io, format, 'Give either --password or --api-key, not both', 'An API key replaces the password');
	}
	if (!secret) {
		return usage(
			io,
			format,
			'No password or API key',
			'Pass --api-key (recommended) or --password, or set ODOO_API_KEY / ODOO_PASSWORD to keep it out of the process list',
		);
	}
	const timeoutSeconds = Number(options.timeout ?? 15);
	if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
		return usage(io, format, `Bad --timeout ${String(options.timeout)}`, 'Give a number of seconds, e.g. --timeout 30');
	}
	// Loaded when the command runs, so other commands start without them.
	const [{ loadProject }, { checkOdooSchema }, { requirementsFromCatalogue }, { formatConnectionError, formatReport }, { OdooConnectionError }] = await Promise.all([
		import('../../project'),
		import('../../odoo/checkSchema'),
		import('../../odoo/fromCatalogue'),
		import('../../odoo/report'),
		import('../../odoo/xmlRpcClient'),
	]);
	let employeeId: number;
	let catalogue: readonly ToolSpec[];
	try {
		const project = loadProject(options.config);
		employeeId = project.config.employeeId;
		catalogue = tools ?? project.tools;
	} catch (error) {
		const known = toCliError(error);
		if (!known) throw error;
		reportError(io, format, known);
		return known.exitCode;
	}
	const requirements = requirementsFromCatalogue(catalogue, { employeeId });
	try {
		const report = await checkOdooSchema(
			{ url: options.url, db: options.db, login: options.user, secret, timeoutMs: timeoutSeconds * 1000 },
			requirements,
		);
		io.stdout(formatReport(report, format));
		return report.ok ? 0 : 1;
	} catch (error) {
		if (!(error instanceof OdooConnectionError)) throw error;
		if (format === 'json') io.stdout(formatConnectionError(error, 'json'));
		io.stderr(formatConnectionError(error, 'text'));
		return 2;
	}
}

export function register(program: Command): void {
	program
		.command('check-odoo')
		.description("check that a live Odoo has every model and field the catalogue's Odoo tools use (XML-RPC)")
		.requiredOption('--url <url>', 'Odoo base URL, e.g. https://odoo.example.com')
		.requiredOption('--db <name>', 'Odoo database name')
		.requiredOption('--user <login>', 'Odoo login (usually an email)')
		.addOption(new Option('--password <password>', 'password (or set ODOO_PASSWORD)').conflicts('apiKey'))
		.addOption(new Option('--api-key <key>', 'API key, used in place of the password (or set ODOO_API_KEY)'))
		.option('-c, --config <file>', 'project config (default: hermes.config.ts or .json in this folder, else the built-in default)')
		.addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
		.option('--timeout <seconds>', 'per-request timeout', '15')
		.action(async (options: CheckOdooOptions) => {
			process.exitCode = await runCheckOdoo(options);
		});
}
