/**
 * `hermes-workflows diff`: compares what n8n runs with what the catalogue generates and lists
 * the drift, disabled nodes first among equals. Exit 0 in sync, 1 drift, 2 bad input or n8n
 * unreachable.
 */
import type { Command } from 'commander';

import { EXIT } from '../../errors';

import { registerApiCommand, runOnDeployment, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';

export function runDiff(options: ApiCommandOptions & ReportOptions, io: CommandIo = processIo): Promise<number> {
	return runOnDeployment(options, io, async (desired, client) => {
		const { detectDrift } = await import('../../deploy/drift');
		const report = await detectDrift(client, desired.workflows, desired.dataTables);
		if (options.format === 'json') {
			io.stdout(`${JSON.stringify({ ok: report.inSync, ...report }, null, 2)}\n`);
			return report.inSync ? EXIT.ok : EXIT.findings;
		}
		for (const entry of report.entries) {
			const where = entry.id ? ` (id ${entry.id})` : '';
			if (entry.findings.length === 0) {
				io.stdout(`in sync  ${entry.name}${where}\n`);
				continue;
			}
			io.stdout(`DRIFT    ${entry.name}${where}\n`);
			for (const finding of entry.findings) io.stdout(`  - ${finding}\n`);
		}
		for (const finding of report.dataTables) io.stdout(`DRIFT    ${finding}\n`);
		for (const problem of report.unresolved) io.stdout(`MISSING  ${problem}\n`);
		if (report.credentialsUnchecked) {
			io.stdout('note: the API key may not list credentials (scope credential:list): credentials compared by name only\n');
		}
		const drifted = report.entries.filter((e) => e.findings.length > 0).length;
		io.stdout(
			report.inSync
				? `in sync: ${report.entries.length} workflows match the catalogue\n`
				: `drift: ${drifted} of ${report.entries.length} workflows differ${report.dataTables.length ? `, ${report.dataTables.length} data tables` : ''}${report.unresolved.length ? `, ${report.unresolved.length} dependencies missing` : ''}; \`hermes-workflows push\` restores the generated form\n`,
		);
		return report.inSync ? EXIT.ok : EXIT.findings;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	registerApiCommand<ApiCommandOptions & ReportOptions>(
		program,
		{
			name: 'diff',
			description: 'compare the live workflows in n8n with the generated ones and report drift, including disabled nodes',
			help: 'Exit: 0 in sync, 1 drift, 2 bad config or n8n unreachable/refusing.',
			run: runDiff,
		},
		io,
		exit,
	);
}
