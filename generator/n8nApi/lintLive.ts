/**
 * `lint --live`: the linter run on what n8n actually holds. The workflows are the generated
 * ones (names from the config), fetched by exact name through the public API; the version
 * linted is the one n8n runs (the published one, not a waiting draft), each MCP workflow
 * against its generated manifest. Exit 0 clean, 1 errors (warnings too with --strict), 2 when
 * a workflow is not in n8n, n8n is unreachable, or on bad usage.
 */
import { FORMATS, formatFindings, type Format, type LocatedFinding } from '../lint/format';
import { lintWorkflow } from '../lint/engine';
import { clientFrom, runApiCommand, type ApiCommandOptions, type CommandIo } from './cliSupport';
import { runningVersion } from './client';
import { desiredWorkflows } from './desired';
import { liveCounterparts } from './drift';

export interface LiveLintOptions extends ApiCommandOptions {
	format?: Format;
	strict?: boolean;
}

export function runLintLive(files: string[], options: LiveLintOptions, io: CommandIo): Promise<number> {
	return runApiCommand(io, async () => {
		if (files.length > 0) {
			io.stderr('error: --live lints the workflows deployed in n8n; give no FILE with it\n');
			return 2;
		}
		const format = options.format ?? 'text';
		if (!FORMATS.includes(format)) {
			io.stderr(`error: unknown --format ${String(format)} (use ${FORMATS.join(', ')})\n`);
			return 2;
		}
		const desired = desiredWorkflows(options.config);
		const client = clientFrom(options, io);
		const findings: LocatedFinding[] = [];
		let linted = 0;
		let missing = 0;
		for (const { item, live } of await liveCounterparts(client, desired)) {
			if (!live) {
				missing++;
				io.stderr(`error: "${item.body.name}" is not in n8n at ${client.root} (push creates it)\n`);
				continue;
			}
			linted++;
			const file = `n8n:${live.name} (id ${live.id})`;
			findings.push(...lintWorkflow(runningVersion(live), { file, ...(item.manifest !== undefined ? { manifest: item.manifest } : {}) }));
		}
		io.stdout(formatFindings(format, findings, linted));
		if (missing > 0) return 2;
		return findings.some((f) => f.severity === 'error' || options.strict === true) ? 1 : 0;
	});
}
