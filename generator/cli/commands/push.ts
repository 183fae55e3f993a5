/**
 * `hermes-workflows push`: deploys the generated workflows to n8n through its public API
 * (create or update by exact name, gateways first, credentials by name, publish; idempotent).
 * Exit 0 pushed or nothing to do, 2 bad input, n8n unreachable or refusing.
 */
import type { Command } from 'commander';

import { EXIT } from '../../errors';

import { confirmN8nApi, registerApiCommand, runOnDeployment, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';

export interface PushCommandOptions extends ApiCommandOptions, ReportOptions {
	dryRun?: boolean;
	takeOver?: boolean;
}

export function runPush(options: PushCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runOnDeployment(options, io, async (desired, client, log) => {
		const { pushWorkflows } = await import('../../deploy/push');
		const tables = desired.dataTables.length > 0 ? ` and ${desired.dataTables.length} data table${desired.dataTables.length > 1 ? 's' : ''}` : '';
		for (const notice of desired.notices ?? []) log(notice);
		log(`${options.dryRun ? 'dry run: ' : ''}pushing ${desired.workflows.length} workflows${tables} to ${client.root}`);
		await confirmN8nApi(client);
		const report = await pushWorkflows(client, desired.workflows, {
			dryRun: options.dryRun === true,
			log,
			dataTables: desired.dataTables,
			endpoints: desired.endpoints,
			takeOver: options.takeOver === true,
		});
		if (options.format === 'json') {
			const outcomes = report.outcomes.map(({ name, id, action, toolChanges, callerIds, keptCallers }) => ({
				name,
				id,
				action,
				toolChanges,
				...(callerIds !== undefined ? { callerIds } : {}),
				...(keptCallers !== undefined ? { keptCallers } : {}),
			}));
			const { dataTables } = report;
			io.stdout(
				`${JSON.stringify({ ok: true, url: client.root, dryRun: options.dryRun === true, changed: report.changed, toolSchemaChanged: report.toolSchemaChanged, outcomes, dataTables, notices: desired.notices ?? [] }, null, 2)}\n`,
			);
		}
		return EXIT.ok;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	registerApiCommand<PushCommandOptions>(
		program,
		{
			name: 'push',
			description:
				'create or update the generated workflows in n8n by exact name (gateways first, their ids and the credentials wired in, each sub-workflow callable only by its callers), publish them, after creating the data tables they use; a second push changes nothing',
			options: [
				['--dry-run', 'only read from n8n and print what would be created, updated or published'],
				['--take-over', "update tool workflows another project made (push refuses them otherwise, naming the project): replaces that deployment with this one on purpose"],
			],
			help: 'Exit: 0 pushed or already up to date, 2 bad config, missing credential/workflow, a path another deployment serves, tool workflows another project made (without --take-over), n8n unreachable or refusing.\nExample: N8N_API_URL=http://127.0.0.1:5678 N8N_API_KEY=... hermes-workflows push --config deploy.json',
			run: runPush,
		},
		io,
		exit,
	);
}
