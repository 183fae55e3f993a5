/**
 * `hermes-workflows check-odoo`: reads the live Odoo schema and the user's rights, over JSON-RPC
 * (`--user` + `--password`, Odoo 14-18) or JSON-2 (`--api-key`, Odoo 19+) as the two Hermes Odoo
 * credentials do, and reports every catalogue tool whose model or field is missing or of another
 * type, which is out of the user's rights, or whose requests this Odoo refuses. Exit 0 complete, 1
 * findings, 2 bad input or Odoo not usable (unreachable, wrong database, bad credentials).
 */
import { Option, type Command } from 'commander';

import { EXIT, UsageError } from '../../errors';
import type { OdooLogin } from '../../odoo/rpcClient';
import type { ReportFormat } from '../../odoo/report';
import type { ToolSpec } from '../../toolSpec/schema';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { configOption, formatOption } from '../options';
import { runCommand } from '../run';

export interface CheckOdooOptions {
	url: string;
	db?: string;
	user?: string;
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

/**
 * The protocol and secret, as the credentials choose: an API key alone is JSON-2 (`odooApiKeyApi`),
 * a login with a password (or an API key used as one) is JSON-RPC (`odooApi`).
 */
function chooseLogin(options: CheckOdooOptions, env: NodeJS.ProcessEnv, db: string): Omit<OdooLogin, 'timeoutMs'> {
	if (options.apiKey !== undefined && options.password !== undefined) {
		throw new UsageError('Give either --password or --api-key, not both', '--api-key alone speaks JSON-2 (Odoo 19+); --user with --password speaks JSON-RPC (Odoo 14-18)');
	}
	if (options.apiKey !== undefined && options.user !== undefined) {
		throw new UsageError(
			'--api-key takes no --user: JSON-2 has no login, the key names its user',
			'For JSON-RPC (Odoo 14-18) pass the API key as --password with --user; for JSON-2 (Odoo 19+) leave out --user',
		);
	}
	const apiKey = options.apiKey ?? (options.password === undefined && options.user === undefined ? env.ODOO_API_KEY : undefined);
	if (apiKey) return { url: options.url, db, protocol: 'json2', secret: apiKey };
	const password = options.password ?? env.ODOO_PASSWORD ?? env.ODOO_API_KEY;
	if (!password) {
		throw new UsageError(
			'No password or API key',
			'Pass --api-key (JSON-2, Odoo 19+) or --user with --password (JSON-RPC, Odoo 14-18; an API key works as the password), ' +
				'or set ODOO_API_KEY / ODOO_PASSWORD to keep it out of the process list',
		);
	}
	if (options.user === undefined) {
		throw new UsageError('--password needs --user', 'JSON-RPC logs in: pass the Odoo login (usually an email) with --user');
	}
	return { url: options.url, db, protocol: 'jsonrpc', login: options.user, secret: password };
}

async function checkOdoo(options: CheckOdooOptions, format: ReportFormat, io: CommandIo, tools?: readonly ToolSpec[]): Promise<number> {
	const { defaultDatabase } = await import('../../odoo/rpcClient');
	const db = options.db ?? defaultDatabase(options.url) ?? '';
	const login = chooseLogin(options, io.env, db);
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
	const report = await checkOdooSchema({ ...login, timeoutMs: timeoutSeconds * 1000 }, requirements);
	io.stdout(formatReport(report, format));
	return report.ok ? EXIT.ok : EXIT.findings;
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('check-odoo')
		.description(
			"check that a live Odoo has every model and field the catalogue's Odoo tools use, with the types their values need and the rights they need " +
				'(JSON-RPC with --user and --password, Odoo 14-18; JSON-2 with --api-key, Odoo 19+)',
		)
		.requiredOption('--url <url>', 'Odoo base URL, e.g. https://odoo.example.com')
		.option('--db <name>', "Odoo database name (default: the first label of the URL's host name)")
		.option('--user <login>', 'Odoo login (usually an email), for JSON-RPC with --password')
		.addOption(new Option('--password <password>', 'JSON-RPC: the password, or an API key used as one (or set ODOO_PASSWORD)').conflicts('apiKey'))
		.addOption(new Option('--api-key <key>', 'JSON-2 (Odoo 19+): an API key, no --user (or set ODOO_API_KEY)'))
		.addOption(configOption())
		.addOption(formatOption())
		.option('--timeout <seconds>', 'per-request timeout', '15')
		.action(async (options: CheckOdooOptions) => {
			exit(await runCheckOdoo(options, io));
		});
}
