/**
 * `hermes-workflows remove`: deletes (or with --unpublish, unpublishes) in n8n the workflows one
 * config generates, found by exact name, and nothing else; refuses while another workflow calls
 * one of them. Exit 0 removed or nothing there, 2 refused, bad input, n8n unreachable or refusing.
 */
import type { Command } from 'commander';

import { EXIT } from '../../errors';

import { registerApiCommand, runOnDeployment, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';

export interface RemoveCommandOptions extends ApiCommandOptions, ReportOptions {
	dryRun?: boolean;
	unpublish?: boolean;
}

export function runRemove(options: RemoveCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runOnDeployment(options, io, async (desired, client, log) => {
		const { removeDeployment } = await import('../../deploy/remove');
		log(`${options.dryRun ? 'dry run: ' : ''}${options.unpublish ? 'unpublishing' : 'removing'} the ${desired.workflows.length} workflows of this config from ${client.root}`);
		const report = await removeDeployment(client, desired.workflows, {
			dryRun: options.dryRun === true,
			unpublish: options.unpublish === true,
			log,
			dataTables: desired.dataTables,
		});
		if (options.format === 'json') {
			io.stdout(`${JSON.stringify({ ok: true, url: client.root, dryRun: options.dryRun === true, unpublish: options.unpublish === true, ...report }, null, 2)}\n`);
		}
		return EXIT.ok;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	registerApiCommand<RemoveCommandOptions>(
		program,
		{
			name: 'remove',
			description:
				"delete from n8n the workflows this config generates (found by exact name: the tool workflow, its gateway and approval sub-workflows, the admin and approval page workflows), callers first, and nothing else; refused while a workflow outside the config still calls one of them. Credentials, the content pipeline and the data tables stay",
			options: [
				['--dry-run', 'only read from n8n and print what would be deleted'],
				['--unpublish', 'unpublish the workflows instead of deleting them (push publishes them again)'],
			],
			help: 'Exit: 0 removed (or nothing of this config is in n8n), 2 refused (another workflow calls one of them), bad config, n8n unreachable or refusing.\nExample: hermes-workflows remove --config ops.config.json --dry-run',
			run: runRemove,
		},
		io,
		exit,
	);
}
