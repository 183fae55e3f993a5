import { mappedToolWorkflows } from '../nodeTypes';
import { toolWorkflowInputs } from '../toolWorkflowInputs';
import type { Rule } from '../types';

export const toolWorkflowNoFromAi: Rule = {
	code: 'HMT010',
	name: 'toolworkflow-no-fromai',
	severity: 'warning',
	summary: 'A Call n8n Workflow Tool (toolWorkflow) declares sub-workflow inputs but maps none of them to $fromAI.',
	why: 'Without a $fromAI field n8n turns the tool into a one-string-input tool: the model can only send one query string, and the declared inputs get fixed values or nothing. Intended for a sub-agent, a mistake otherwise. A toolWorkflow with no inputs at all is a deliberate one-string tool and is not reported.',
	hint: "Map the inputs the model should fill to $fromAI, e.g. ={{ $fromAI('query', 'What to look for', 'string', '') }}; or remove the unused inputs.",
	check({ workflow }) {
		return mappedToolWorkflows(workflow).flatMap((node) => {
			const inputs = toolWorkflowInputs(node);
			if (inputs.fromAiFields.length > 0 || inputs.schemaFields === 0) return [];
			const mapped = inputs.mappedFields.length > 0 ? `maps ${inputs.mappedFields.join(', ')} without $fromAI` : 'maps none of them';
			return [
				{
					node: node.name,
					path: 'parameters.workflowInputs.value',
					message: `toolWorkflow "${node.name}" declares ${inputs.schemaFields} sub-workflow input(s) and ${mapped}, so the model can send only one query string`,
				},
			];
		});
	},
};
