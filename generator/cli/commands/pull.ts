/**
 * `hermes-workflows pull`: writes the live copy of each generated workflow to a folder, under
 * the file name `generate` uses, in the same allow-listed form push sends (so `diff -r` or git
 * shows what changed in n8n). Exit 0 all pulled, 1 some not in n8n, 2 bad input or n8n unreachable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Command } from 'commander';

import { clientFrom, progressLog, type ApiCommandOptions, type ReportOptions, registerApiCommand } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { runCommand } from '../run';

export interface PullCommandOptions extends ApiCommandOptions, ReportOptions {
	out: string;
}

const DEFAULT_PULL_DIR = 'workflows-live';

export function runPull(options: PullCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(
		io,
		options.format,
		async () => {
			// Loaded when the command runs, so other commands start without the n8n client and the builders.
			const [{ toJson }, { workflowBody }, { desiredWorkflows }, { liveCounterparts }] = await Promise.all([
				import('../../builders'),
				import('../../n8nClient/body'),
				import('../../deploy/desired'),
				import('../../deploy/drift'),
			]);
			const desired = desiredWorkflows(options.config);
			const client = clientFrom(options, io);
			const pairs = await liveCounterparts(client, desired);
			const dir = resolve(options.out);
			mkdirSync(dir, { recursive: true });
			const log = progressLog(io, options.format);
			const workflows: Array<{
				name: string;
				id?: string;
				file: string;
				status: 'pulled' | 'missing';
			}> = [];
			for (const { item, live } of pairs) {
				const file = join(options.out, item.file);
				if (!live) {
					workflows.push({ name: item.body.name, file, status: 'missing' });
					log(`missing  ${item.body.name}: not in n8n`);
					continue;
				}
				writeFileSync(join(dir, item.file), toJson(workflowBody(live).body));
				workflows.push({
					name: item.body.name,
					id: live.id,
					file,
					status: 'pulled',
				});
				log(`pulled   ${item.body.name} (id ${live.id}) -> ${file}`);
			}
			const missing = workflows.filter((w) => w.status === 'missing').length;
			if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: missing === 0, out: options.out, workflows }, null, 2)}\n`);
			else log(`${workflows.length - missing} pulled, ${missing} missing`);
			return missing > 0 ? 1 : 0;
		},
	);
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	registerApiCommand<PullCommandOptions>(
		program,
		{
			name: 'pull',
			description: 'write the live copy of each generated workflow from n8n to a folder (same file names as generate)',
			options: [['-o, --out <dir>', 'folder to write to', DEFAULT_PULL_DIR]],
			help: 'Exit: 0 all pulled, 1 some not in n8n, 2 bad config or n8n unreachable/refusing.',
			run: runPull,
		},
		io,
		exit,
	);
}
