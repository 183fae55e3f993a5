import { mappedToolWorkflows } from '../nodeTypes';
import { toolWorkflowInputs } from '../toolWorkflowInputs';
import type { Rule } from '../types';

export const toolWorkflowEmptySchema: Rule = {
	code: 'HMT009',
	name: 'toolworkflow-empty-schema',
	severity: 'error',
	summary: 'A Call n8n Workflow Tool (toolWorkflow) maps inputs to $fromAI but its workflowInputs.schema is empty.',
	why: 'n8n builds the tool parameters from the schema: with none it silently turns the tool into a one-string-input tool and the $fromAI inputs never reach the sub-workflow. A toolWorkflow that maps nothing is a deliberate one-string tool (a sub-agent taking a query) and is not reported.',
	hint: 'List every sub-workflow input in workflowInputs.schema (open the node once in the editor, or generate it).',
	check({ workflow }) {
		return mappedToolWorkflows(workflow).flatMap((node) => {
			const inputs = toolWorkflowInputs(node);
			if (inputs.schemaFields > 0 || inputs.fromAiFields.length === 0) return [];
			return [
				{
					node: node.name,
					path: 'parameters.workflowInputs.schema',
					message: `toolWorkflow "${node.name}" maps ${inputs.fromAiFields.join(', ')} to $fromAI but has no workflowInputs.schema, so it becomes a one-string tool and they never arrive`,
				},
			];
		});
	},
};
