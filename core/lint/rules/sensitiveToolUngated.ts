import { APPROVAL_ID_PARAM } from '../approvalLink';
import { TOOL_WORKFLOW } from '../nodeTypes';
import { toolWorkflowInputs } from '../toolWorkflowInputs';
import type { LintedNode, Rule } from '../types';

/** A gated tool is a toolWorkflow whose sub-workflow is the gate, and the agent may pass it an approval_id. */
function isGated(node: LintedNode): boolean {
	return node.type === TOOL_WORKFLOW && toolWorkflowInputs(node).fromAiFields.includes(APPROVAL_ID_PARAM);
}

export const sensitiveToolUngated: Rule = {
	code: 'HMT017',
	name: 'sensitive-tool-ungated',
	severity: 'warning',
	summary: 'The manifest marks a tool sensitive, but the workflow runs it on the agent\'s call: it has no approval gate.',
	why: 'Without a gate, confirmation of a sensitive action rests on the agent following its prompt. With `approvals` in the config, the tool calls a gate sub-workflow that acts only on a call a person approved out of band.',
	hint: 'Add an `approvals` section to the config (channel, publicUrl) and regenerate, or mark the tool not sensitive if it is not.',
	check(ctx) {
		// an unreadable manifest is HMT013's finding
		if (!ctx.manifest?.ok) return [];
		return ctx.manifest.manifest.tools.flatMap((entry) => {
			const node = ctx.graph.byName.get(entry.nodeName);
			if (!entry.sensitive || !node || node.disabled || isGated(node)) return [];
			return [{ node: node.name, message: `tool "${entry.tool}" is marked sensitive but acts as soon as the agent calls it: no approval gate` }];
		});
	},
};
