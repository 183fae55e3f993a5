import { mappedToolWorkflows } from '../nodeTypes';
import type { Rule } from '../types';

function schemaLength(parameters: Record<string, unknown>): number {
	const inputs = parameters.workflowInputs;
	if (typeof inputs !== 'object' || inputs === null) return 0;
	const schema = (inputs as Record<string, unknown>).schema;
	return Array.isArray(schema) ? schema.length : 0;
}

export const toolWorkflowEmptySchema: Rule = {
	code: 'HMT009',
	name: 'toolworkflow-empty-schema',
	severity: 'error',
	summary: 'A Call n8n Workflow Tool (toolWorkflow) has an empty workflowInputs.schema.',
	why: 'With no schema n8n silently turns the tool into a one-string-input tool: the declared parameters never reach the sub-workflow.',
	hint: 'List every sub-workflow input in workflowInputs.schema (open the node once in the editor, or generate it).',
	check({ workflow }) {
		return mappedToolWorkflows(workflow)
			.filter((node) => schemaLength(node.parameters) === 0)
			.map((node) => ({
				node: node.name,
				path: 'parameters.workflowInputs.schema',
				message: `toolWorkflow "${node.name}" has no workflowInputs.schema, so it becomes a one-string tool`,
			}));
	},
};
