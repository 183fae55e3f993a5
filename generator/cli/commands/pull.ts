/**
 * `hermes-workflows pull`: writes the live copy of each generated workflow to a folder, under
 * the file name `generate` uses, in the same allow-listed form push sends (so `diff -r` or git
 * shows what changed in n8n). Exit 0 all pulled, 1 some not in n8n, 2 bad input or n8n unreachable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Command } from 'commander';

import { EXIT } from '../../errors';

import { registerApiCommand, runOnDeployment, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { processExit, processIo, type CommandIo, type Exit } from '../io';

export interface PullCommandOptions extends ApiCommandOptions, ReportOptions {
	out: string;
}

const DEFAULT_PULL_DIR = 'workflows-live';

export function runPull(options: PullCommandOptions, io: CommandIo = processIo): Promise<number> {
	return runOnDeployment(options, io, async (desired, client, log) => {
		const [{ toJson }, { workflowBody }, { liveCounterparts }] = await Promise.all([import('../../builders'), import('../../n8nClient/body'), import('../../deploy/drift')]);
		const pairs = await liveCounterparts(client, desired.workflows);
		const dir = resolve(options.out);
		mkdirSync(dir, { recursive: true });
		const workflows: Array<{ name: string; id?: string; file: string; status: 'pulled' | 'missing' }> = [];
		for (const { item, live } of pairs) {
			const file = join(options.out, item.file);
			if (!live) {
				workflows.push({ name: item.body.name, file, status: 'missing' });
				log(`missing  ${item.body.name}: not in n8n`);
				continue;
			}
			writeFileSync(join(dir, item.file), toJson(workflowBody(live).body));
			workflows.push({ name: item.body.name, id: live.id, file, status: 'pulled' });
			log(`pulled   ${item.body.name} (id ${live.id}) -> ${file}`);
		}
		const missing = workflows.filter((w) => w.status === 'missing').length;
		if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: missing === 0, out: options.out, workflows }, null, 2)}\n`);
		else log(`${workflows.length - missing} pulled, ${missing} missing`);
		return missing > 0 ? EXIT.findings : EXIT.ok;
	});
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
