/**
 * Each admin tool's sub-workflow, and the toolWorkflow calling it from the admin workflow.
 * A reading tool: trigger -> Ask n8n (the GET, adminRequest.ts) -> Answer (admin/answers.ts).
 * The validating tool: trigger -> Ask n8n -> Fetched? -> Lint (the Hermes Workflow Lint node)
 * -> Answer (the findings that fit), or Not fetched (the refusal). Answer and Lint send a
 * failure of their own to Could not answer, so even that reaches the agent as a marker.
 */
import { answerCode, LINT_ANSWER, refusalCode } from '../admin/answers';
import { ANSWER_FAILED } from '../admin/refusals';
import type { AdminTool } from '../admin/tools';
import type { AdminConfig, HermesConfig } from '../config';
import { HERMES_LINT } from '../contracts';
import { expression, fromAiCall } from '../fromAi';
import { adminCredentials, adminRequestParameters } from './adminRequest';
import { SUBWORKFLOW_TRIGGER_NAME, subWorkflowSettings } from './gatewayWorkflows';
import { ifNode, main, node, rawSetNode } from './nodeParts';
import type { Connections, JsonObject, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { mapperColumn, workflowByName } from './resourceLocator';

export const ADMIN_NODES = { fetch: 'Ask n8n', fetched: 'Fetched?', lint: 'Lint', answer: 'Answer', refused: 'Not fetched', failed: 'Could not answer' } as const;

export function adminSubWorkflowName(tool: AdminTool, admin: Pick<AdminConfig, 'workflowName'>): string {
	return `${admin.workflowName} - ${tool.name}`;
}

export function adminSubWorkflowFileName(tool: AdminTool): string {
	return `hermes-admin-${tool.name.replace(/_/g, '-')}.json`;
}

/** The toolWorkflow's parameters: the tool's own parameters as the sub-workflow's inputs. */
export function adminToolWorkflowParameters(tool: AdminTool, admin: AdminConfig): JsonObject {
	return {
		description: tool.description,
		source: 'database',
		workflowId: workflowByName(adminSubWorkflowName(tool, admin)),
		workflowInputs: {
			mappingMode: 'defineBelow',
			value: Object.fromEntries(tool.parameters.map((p) => [p.key, expression(fromAiCall(p))])),
			matchingColumns: [],
			schema: tool.parameters.map((p) => mapperColumn(p.key, 'string')),
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	};
}

/** The tool's arguments, as the trigger received them. */
const INPUT = `$('${SUBWORKFLOW_TRIGGER_NAME}').first().json`;

/** A node whose own failure goes to its second output (Could not answer), not to the agent as n8n's error. */
const answering = (built: WorkflowNode): WorkflowNode => ({ ...built, onError: 'continueErrorOutput' });

export function buildAdminSubWorkflow(tool: AdminTool, admin: AdminConfig, config: Pick<HermesConfig, 'nodeTypePrefix' | 'subWorkflowExecutions'>): Workflow {
	const name = adminSubWorkflowName(tool, admin);
	const trigger = node(name, SUBWORKFLOW_TRIGGER_NAME, NODE_TYPES.executeWorkflowTrigger, [0, 0], {
		inputSource: 'workflowInputs',
		workflowInputs: { values: tool.parameters.map((p) => ({ name: p.key, type: 'string' })) },
	});
	const fetch: WorkflowNode = {
		...node(name, ADMIN_NODES.fetch, NODE_TYPES.httpRequest, [220, 0], adminRequestParameters(tool, admin, (key) => `$json.${key}`)),
		credentials: adminCredentials(admin),
		// n8n unreachable is an item too, which the answer code reads as such.
		onError: 'continueRegularOutput',
	};
	const failed = rawSetNode(name, ADMIN_NODES.failed, [880, 200], `JSON.stringify(${ANSWER_FAILED}($json))`);
	const connections: Connections = { [SUBWORKFLOW_TRIGGER_NAME]: { main: [main(ADMIN_NODES.fetch)] } };
	if (tool.answer !== 'lint') {
		// One answer of every page n8n gave.
		const answer = { ...answering(rawSetNode(name, ADMIN_NODES.answer, [440, 0], `JSON.stringify(${answerCode(tool, admin)}($input.all().map((item) => item.json), ${INPUT}))`)), executeOnce: true };
		connections[ADMIN_NODES.fetch] = { main: [main(ADMIN_NODES.answer)] };
		connections[ADMIN_NODES.answer] = { main: [[], main(ADMIN_NODES.failed)] };
		return { name, nodes: [trigger, fetch, answer, failed], connections, settings: subWorkflowSettings(config) };
	}
	const refusal = `${refusalCode(tool, admin)}([$json], ${INPUT})`;
	const fetched = ifNode(name, ADMIN_NODES.fetched, [440, 0], `${refusal} === null`, 'fetched');
	const lint = answering(
		node(name, ADMIN_NODES.lint, { type: `${config.nodeTypePrefix}.${HERMES_LINT.type}`, typeVersion: HERMES_LINT.typeVersion }, [660, -100], {
			[HERMES_LINT.params.operation]: 'lint',
			[HERMES_LINT.params.workflow]: expression('$json.body'),
		}),
	);
	const answer = answering(rawSetNode(name, ADMIN_NODES.answer, [880, -100], `JSON.stringify(${LINT_ANSWER}($json))`));
	const refused = rawSetNode(name, ADMIN_NODES.refused, [660, 100], `JSON.stringify(${refusal})`);
	connections[ADMIN_NODES.fetch] = { main: [main(ADMIN_NODES.fetched)] };
	connections[ADMIN_NODES.fetched] = { main: [main(ADMIN_NODES.lint), main(ADMIN_NODES.refused)] };
	connections[ADMIN_NODES.lint] = { main: [main(ADMIN_NODES.answer), main(ADMIN_NODES.failed)] };
	connections[ADMIN_NODES.answer] = { main: [[], main(ADMIN_NODES.failed)] };
	return { name, nodes: [trigger, fetch, fetched, lint, answer, refused, failed], connections, settings: subWorkflowSettings(config) };
}
