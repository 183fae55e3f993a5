/**
 * `hermes-workflows alert-rules`: Prometheus alert rules for the config's tool endpoints, over the
 * metrics `exporter` serves. Prints the rules file (or writes it with --out) for Prometheus's
 * `rule_files`; `promtool check rules` accepts it. Exit 0 written, 2 bad config or options.
 */
import { writeFileSync } from 'node:fs';

import type { Command } from 'commander';

import { EXIT } from '../../errors';
import { configOption, formatOption } from '../options';
import { processExit, processIo, type CommandIo, type Exit, type OutputFormat } from '../io';
import { runCommand } from '../run';
import { deploymentName } from '../../config/deployment';

export interface AlertRulesOptions {
	config?: string;
	out?: string;
	format?: OutputFormat;
}

export function runAlertRules(options: AlertRulesOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, async () => {
		const [{ loadProject }, { endpointSpecs }, { alertRules }] = await Promise.all([import('../../project'), import('../../agentConfig/endpoints'), import('../../ledger/alertRules')]);
		const project = loadProject(options.config);
		const rules = alertRules(endpointSpecs(project.tools, project.config), deploymentName(project.config), project.config.approvals?.ttlMinutes);
		if (options.out !== undefined) {
			writeFileSync(options.out, rules);
			io.stderr(`wrote ${options.out}: add it to rule_files in prometheus.yml, and check it with promtool check rules ${options.out}\n`);
		}
		if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: true, ...(options.out !== undefined ? { out: options.out } : {}), rules }, null, 2)}\n`);
		else if (options.out === undefined) io.stdout(rules);
		return EXIT.ok;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	program
		.command('alert-rules')
		.description("Prometheus alert rules for the config's tools, over the metrics `exporter` serves")
		.addOption(configOption())
		.option('-o, --out <file>', 'write the rules here instead of stdout')
		.addOption(formatOption())
		.addHelpText(
			'after',
			`
Pages: HermesToolFailing (a tool answered a failure the agent cannot fix: retry later or never_here,
or n8n's error), HermesToolSilent (only failures for an hour), HermesLedgerDown (the exporter
cannot read n8n). Warns: HermesApprovalsPiling (with approvals in the config). The agent's own
refusals are counted, never alerted on.
Exit: 0 written, 2 bad config or options.
Example: hermes-workflows alert-rules -o /etc/prometheus/rules/hermes.yml`,
		)
		.action(async (options: AlertRulesOptions) => exit(await runAlertRules(options, io)));
}
