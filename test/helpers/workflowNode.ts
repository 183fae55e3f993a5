/** Nodes for tests that write a workflow by hand, with what every Workflow node has filled in. */
import type { JsonObject, WorkflowNode } from '../../generator/builders/n8nTypes';

/** `parameters` may hold what a hand-edited or live workflow holds, shapes the builders never write included. */
export function workflowNode(name: string, type: string, parameters: Record<string, unknown> = {}, rest: Partial<WorkflowNode> = {}): WorkflowNode {
	return { id: `id-${name}`, name, type, typeVersion: 1, position: [0, 0], parameters: parameters as JsonObject, ...rest };
}
