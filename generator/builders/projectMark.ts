/**
 * Which project a live tool workflow belongs to. `init` gives a project an identity (the config's
 * `project`); its MCP workflows carry it as the note of their MCP Server Trigger, which n8n keeps
 * and shows on the node, so push can tell a deployment another project made from its own before
 * it writes anything.
 */
import type { WorkflowNode } from './n8nTypes';

const PREFIX = 'hermes-workflows project: ';

/** The trigger's note for `project`: one line a person reading the node understands too. */
export function projectNote(project: string): string {
	return `${PREFIX}${project}. Generated from that project's catalogue: change it there and push.`;
}

/** The project a workflow's nodes name, undefined for one no project made (an older push, or by hand). */
export function projectOf(workflow: { nodes: ReadonlyArray<Pick<WorkflowNode, 'notes'>> }): string | undefined {
	for (const node of workflow.nodes) {
		const note = node.notes;
		if (typeof note === 'string' && note.startsWith(PREFIX)) return note.slice(PREFIX.length).replace(/\. Generated from .*$/s, '');
	}
	return undefined;
}
