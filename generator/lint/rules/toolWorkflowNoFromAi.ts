import { mappedToolWorkflows } from '../nodeTypes';
import type { Rule } from '../types';
import { fromAiCallsOf } from '../walk';

export const toolWorkflowNoFromAi: Rule = {
	code: 'HMT010',
	name: 'toolworkflow-no-fromai',
	severity: 'error',
	summary: 'A Call n8n Workflow Tool (toolWorkflow) has no $fromAI in its workflow inputs.',
	why: 'Without a $fromAI field n8n silently turns the tool into a one-string-input tool; a tool with no natural parameter still needs one optional $fromAI field.',
	hint: "Map at least one input to $fromAI, e.g. ={{ $fromAI('query', 'What to look for', 'string', '') }}.",
	check({ workflow }) {
		return mappedToolWorkflows(workflow)
			.filter((node) => !fromAiCallsOf(node).some((call) => call.path.startsWith('parameters.workflowInputs.value')))
			.map((node) => ({
				node: node.name,
				path: 'parameters.workflowInputs.value',
				message: `toolWorkflow "${node.name}" maps no input to $fromAI, so it becomes a one-string tool`,
			}));
	},
};
