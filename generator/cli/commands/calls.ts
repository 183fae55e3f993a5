/**
 * `hermes-workflows calls`: the call ledger. Each line is one tool call of the config's endpoints,
 * read from n8n's own execution store through the public API (nothing is written): its outcome
 * class, marker and retry, latency, the execution ids and what it changed. Exit 0 read, 1 some
 * calls cannot be seen (the gaps say why), 2 bad input or n8n unreachable.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';

import { EXIT, UsageError } from '../../errors';
import { OUTCOME_CLASSES, type OutcomeClass } from '../../ledger/outcome';
import { LEDGER_FORMATS, type LedgerFormat } from '../../ledger/format';
import { addApiOptions, clientFrom, type ApiCommandOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { runCommand } from '../run';

export interface CallsCommandOptions extends ApiCommandOptions {
	since?: string;
	tool?: string[];
	outcome?: OutcomeClass[];
	endpoint?: string[];
	limit: string;
	format: LedgerFormat;
}

const DEFAULT_LIMIT = 1000;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const SINCE_HINT = 'give a duration back from now (90s, 15m, 2h, 7d) or a date-time (2026-12-02T08:00:00Z)';

/** `--since`: a duration back from `now`, or an ISO date-time. */
export function parseSince(value: string, now: number = Date.now()): Date {
	const duration = /^(\d+)([smhd])$/.exec(value.trim());
	if (duration) return new Date(now - Number(duration[1]) * UNIT_MS[duration[2]]);
	const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()) ? Date.parse(value) : NaN;
	if (Number.isNaN(at)) throw new UsageError(`--since ${JSON.stringify(value)} is neither a duration nor a date-time`, SINCE_HINT);
	return new Date(at);
}

const list = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

export function runCalls(options: CallsCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, async () => {
		const limit = Number(options.limit);
		if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit ${JSON.stringify(options.limit)} is not a whole number above 0`, `e.g. --limit ${DEFAULT_LIMIT}`);
		const since = options.since === undefined ? undefined : parseSince(options.since);
		const [{ loadProject }, { endpointSpecs }, { readLedger }, { formatLedger }, { everyGatewayInSubWorkflow, planTools }] = await Promise.all([
			import('../../project'),
			import('../../agentConfig/endpoints'),
			import('../../ledger/read'),
			import('../../ledger/format'),
			import('../../plan'),
		]);
		const project = loadProject(options.config);
		const endpoints = endpointSpecs(project.tools, project.config);
		const unknownEndpoint = options.endpoint?.find((e) => !endpoints.some((spec) => spec.server === e));
		if (unknownEndpoint) throw new UsageError(`--endpoint ${unknownEndpoint} is not an endpoint of this config`, `endpoints: ${endpoints.map((e) => e.server).join(', ')}`);
		const tools = new Set(endpoints.flatMap((e) => e.tools));
		const unknownTool = options.tool?.find((t) => !tools.has(t));
		if (unknownTool) throw new UsageError(`--tool ${unknownTool} is not a tool of this config`, `tools: ${[...tools].join(', ')}`);
		const client = clientFrom(options, io);
		const progress = options.format === 'text' ? undefined : (line: string) => io.stderr(`${line}\n`);
		const ledger = await readLedger(client, endpoints, planTools(project.tools, project.config), { fields: project.config.ledger.redact }, {
			limit,
			...(since ? { since } : {}),
			...(options.tool ? { tools: options.tool } : {}),
			...(options.outcome ? { outcomes: options.outcome } : {}),
			...(options.endpoint ? { endpoints: options.endpoint } : {}),
			...(progress ? { progress } : {}),
		});
		if (project.config.subWorkflowExecutions === 'failures' && everyGatewayInSubWorkflow(project.config)) {
			ledger.notices.push("n8n keeps no gateway execution of a successful call (subWorkflowExecutions: 'failures'): those calls show only the tool workflow's execution");
		}
		const { out, notes } = formatLedger(ledger, options.format);
		io.stdout(out);
		for (const note of notes) io.stderr(`${note}\n`);
		return ledger.gaps.length > 0 ? EXIT.findings : EXIT.ok;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	addApiOptions(program.command('calls').description("the call ledger: each tool call of the config's endpoints, its outcome, latency, executions and effect, from n8n's execution store"))
		.option('--since <when>', `calls started since a duration back (90s, 15m, 2h, 7d) or a date-time`)
		.option('--tool <names>', 'only these tools (comma-separated, repeatable)', list)
		.addOption(new Option('--outcome <classes>', `only these outcomes: ${OUTCOME_CLASSES.join(', ')}`).argParser((value: string, previous: OutcomeClass[] = []) => {
			const given = list(value) as OutcomeClass[];
			const bad = given.find((v) => !OUTCOME_CLASSES.includes(v));
			if (bad) throw new InvalidArgumentError(`${bad} is not an outcome class (${OUTCOME_CLASSES.join(', ')})`);
			return [...previous, ...given];
		}))
		.option('--endpoint <paths>', 'only these endpoints, by MCP path (comma-separated)', list)
		.option('--limit <n>', 'at most this many calls, the newest (the output says when more matched)', String(DEFAULT_LIMIT))
		.addOption(new Option('--format <format>', 'text for people; json one document; jsonl and csv one call per line (notes on stderr)').choices([...LEDGER_FORMATS]).default('text'))
		.addHelpText(
			'after',
			`
Outcomes: success; refused (a marker the agent can act on: retry change_arguments or after_read);
approval (the approval protocol: required, denied, invalid); failed (retry later or never_here,
n8n's own error such as a node that threw, or a failure without a marker).
Arguments are capped at 200 characters; the config's ledger.redact fields and secret-looking
names show only their size. Needs an API key with execution:list and execution:read.
Exit: 0 read, 1 some calls cannot be seen (each gap is named), 2 bad input or n8n unreachable.
Example: hermes-workflows calls --since 1h --outcome failed,refused --format jsonl`,
		)
		.action(async (options: CallsCommandOptions) => exit(await runCalls(options, io)));
}
