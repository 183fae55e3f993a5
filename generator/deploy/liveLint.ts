/**
 * `lint --live`: the linter run on what n8n actually holds. The workflows are the generated
 * ones (names from the config), fetched by exact name through the public API; the version
 * linted is the one n8n runs (the published one, not a waiting draft), each MCP workflow
 * against its generated manifest.
 */
import { lintWorkflow, type Finding } from '../lint/core';
import { runningVersion, type N8nApi } from '../n8nClient/client';
import type { DesiredWorkflow } from './desired';
import { liveCounterparts } from './drift';

export interface LiveLintResult {
	findings: Finding[];
	/** How many live workflows were linted. */
	linted: number;
	/** Desired workflows n8n does not hold (push creates them). */
	missing: string[];
}

export async function lintDeployed(client: N8nApi, desired: readonly DesiredWorkflow[]): Promise<LiveLintResult> {
	const result: LiveLintResult = { findings: [], linted: 0, missing: [] };
	for (const { item, live } of await liveCounterparts(client, desired)) {
		if (!live) {
			result.missing.push(item.body.name);
			continue;
		}
		result.linted++;
		const file = `n8n:${live.name} (id ${live.id})`;
		result.findings.push(...lintWorkflow(runningVersion(live), { file, ...(item.manifest !== undefined ? { manifest: item.manifest } : {}) }));
	}
	return result;
}
