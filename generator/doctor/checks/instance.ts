/**
 * n8n version and mode, and what they mean for routing: on n8n 2.20 and older in queue mode a
 * disabled tool node wired to the MCP trigger makes the tools listed after it run their
 * neighbour. So a disabled node in a deployed tool workflow is a failure there, and a warning
 * (a missing tool) where the version routes by name.
 */
import { FIXED_FROM_N8N, mcpTriggerMisroutes } from '../../lint/core';
import { runningVersion } from '../../n8nClient/client';
import type { N8nInstance } from '../instance';
import { fail, ok, warn, type DoctorCheck } from '../types';

/** Does this instance misroute: known from version and mode, or from the version alone when both modes agree. */
export function misroutingRisk(instance: N8nInstance): boolean | 'unknown' {
	if (!instance.version) return 'unknown';
	if (instance.mode) return mcpTriggerMisroutes(instance.version, instance.mode);
	const queue = mcpTriggerMisroutes(instance.version, 'queue');
	return queue === mcpTriggerMisroutes(instance.version, 'regular') ? queue : 'unknown';
}

export function describeInstance(instance: N8nInstance): string {
	const version = instance.version ? `n8n ${instance.version} (from the ${instance.versionFrom})` : 'n8n version unknown (the editor page names no release)';
	const mode = instance.mode ? `${instance.mode} mode (from ${instance.modeFrom})` : `mode unknown: ${instance.modeProblem ?? 'not given'}`;
	return `${version}, ${mode}`;
}

const NEVER_DISABLE = 'delete a tool instead of disabling it: push again restores the generated workflow (it never disables a node)';

export const instanceCheck: DoctorCheck = {
	id: 'n8n-instance',
	title: 'n8n version and mode',
	needs: [],
	async run(context) {
		const instance = await context.instance();
		const drift = await context.drift();
		const toolWorkflows = new Set(context.desired.workflows.filter((w) => w.manifest !== undefined).map((w) => w.body.name));
		const disabled = drift.entries
			.filter((e) => e.live && toolWorkflows.has(e.name))
			.flatMap((e) => runningVersion(e.live!).nodes.filter((n) => n.disabled === true).map((n) => `"${n.name}" in "${e.name}"`));
		const risk = misroutingRisk(instance);
		const about = describeInstance(instance);
		if (disabled.length > 0) {
			const list = disabled.join(', ');
			if (risk === false) return warn(`${about}; disabled tool nodes ${list}: their tools are missing (this version routes by name, nothing misroutes)`, NEVER_DISABLE);
			return fail(
				`${about}; disabled tool nodes ${list}: ${risk === true ? 'on this version and mode the tools listed after them run the wrong node' : 'the tools listed after them may run the wrong node (n8n 2.20 and older, queue mode)'}`,
				NEVER_DISABLE,
			);
		}
		if (risk === true) {
			return warn(`${about}: a disabled tool node would make its neighbours run the wrong node; none is disabled now`, `upgrade n8n to ${FIXED_FROM_N8N} or later, and never disable a tool node (delete it)`);
		}
		if (risk === 'unknown') {
			return warn(
				`${about}: cannot tell whether a disabled tool node would misroute; no tool workflow has a disabled node`,
				instance.version ? 'pass --mode queue|regular, or N8N_EMAIL and N8N_PASSWORD so doctor reads the mode from n8n' : 'check that --url is n8n itself (its editor page names the release)',
			);
		}
		return ok(`${about}: a disabled tool node would not misroute on this version; no tool workflow has a disabled node`);
	},
};
