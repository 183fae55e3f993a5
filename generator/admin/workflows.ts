/**
 * The admin channel's workflows. Its MCP workflow has its own Bearer-protected trigger and one
 * toolWorkflow per allowed admin tool, calling the tool's sub-workflow, which sends the one GET
 * on n8n's public API (request.ts) and turns what n8n answered into the project's answer shape,
 * cut to its cap (answers.ts). The method is a constant, never a parameter.
 * A reading tool: trigger -> Ask n8n -> Answer. The validating tool: trigger -> Ask n8n ->
 * Fetched? -> Lint (the Hermes Workflow Lint node) -> Answer (the findings that fit), or Not
 * fetched (the refusal). Answer and Lint send a failure of their own to Could not answer, so even
 * that reaches the agent as a marker.
 */
import { HERMES_LINT } from '../contracts';

import { subWorkflowSettings } from '../builders/gatewayWorkflows';
import { nodeKind } from '../builders/gatewayParams';
import { mcpTriggerNode, mcpWorkflow, toolPosition } from '../builders/mcpWorkflow';
import type { Connections, Workflow, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { AT, laidOut } from '../builders/layout';
import { callWorkflowParameters, ifNode, main, node, rawSetNode, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME } from '../builders/nodeParts';
import type { AdminConfig, HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import { answerCode, LINT_ANSWER, refusalCode } from './answers';
import { ANSWER_FAILED } from './refusals';
import { adminCredentials, adminRequestParameters } from './request';
import { adminTools, type AdminTool } from './tools';

export const ADMIN_NODES = { fetch: 'Ask n8n', fetched: 'Fetched?', lint: 'Lint', answer: 'Answer', refused: 'Not fetched', failed: 'Could not answer' } as const;

export function adminSubWorkflowName(tool: AdminTool, admin: Pick<AdminConfig, 'workflowName'>): string {
	return `${admin.workflowName} - ${tool.name}`;
}

export function adminSubWorkflowFileName(tool: AdminTool): string {
	return `hermes-admin-${tool.name.replace(/_/g, '-')}.json`;
}

/** The admin channel's workflow: its own trigger, and per tool a toolWorkflow passing the tool's arguments to its sub-workflow. */
export function buildAdminWorkflow(admin: AdminConfig): Workflow {
	const tools = adminTools(admin).map((tool, index) => {
		const inputs = tool.parameters.map((p) => ({ name: p.key, value: expression(fromAiCall(p)), type: 'string' }));
		return node(admin.workflowName, tool.name, NODE_TYPES.toolWorkflow, toolPosition(index), callWorkflowParameters(tool.description, adminSubWorkflowName(tool, admin), inputs));
	});
	// Every admin tool sends one GET: they only read.
	const endpoint = { tools: adminTools(admin).map((tool) => ({ name: tool.name, readOnly: true })), gated: [] };
	return mcpWorkflow(admin.workflowName, mcpTriggerNode(admin.workflowName, admin.path, admin.bearer, endpoint), tools);
}

/** The tool's arguments, as the trigger received them. */
const INPUT = `$('${SUBWORKFLOW_TRIGGER_NAME}').first().json`;

/** A node whose own failure goes to its second output (Could not answer), not to the agent as n8n's error. */
const answering = (built: WorkflowNode): WorkflowNode => ({ ...built, onError: 'continueErrorOutput' });

export function buildAdminSubWorkflow(tool: AdminTool, admin: AdminConfig, config: Pick<HermesConfig, 'nodeTypePrefix' | 'subWorkflowExecutions'>): Workflow {
	const name = adminSubWorkflowName(tool, admin);
	const trigger = subWorkflowTrigger(name, tool.parameters.map((p) => ({ name: p.key, type: 'string' })));
	const fetch: WorkflowNode = {
		...node(name, ADMIN_NODES.fetch, NODE_TYPES.httpRequest, AT, adminRequestParameters(tool, admin, (key) => `$json.${key}`)),
		credentials: adminCredentials(admin),
		// n8n unreachable is an item too, which the answer code reads as such.
		onError: 'continueRegularOutput',
	};
	const failed = rawSetNode(name, ADMIN_NODES.failed, AT, `JSON.stringify(${ANSWER_FAILED}($json))`);
	const connections: Connections = { [SUBWORKFLOW_TRIGGER_NAME]: { main: [main(ADMIN_NODES.fetch)] } };
	if (tool.answer !== 'lint') {
		// One answer of every page n8n gave.
		const answer = { ...answering(rawSetNode(name, ADMIN_NODES.answer, AT, `JSON.stringify(${answerCode(tool, admin)}($input.all().map((item) => item.json), ${INPUT}))`)), executeOnce: true };
		connections[ADMIN_NODES.fetch] = { main: [main(ADMIN_NODES.answer)] };
		connections[ADMIN_NODES.answer] = { main: [[], main(ADMIN_NODES.failed)] };
		return laidOut({ name, nodes: [trigger, fetch, answer, failed], connections, settings: subWorkflowSettings(config) }, SUBWORKFLOW_TRIGGER_NAME);
	}
	const refusal = `${refusalCode(tool, admin)}([$json], ${INPUT})`;
	const fetched = ifNode(name, ADMIN_NODES.fetched, AT, `${refusal} === null`, 'fetched');
	const lint = answering(
		node(name, ADMIN_NODES.lint, nodeKind(HERMES_LINT, config.nodeTypePrefix), AT, {
			[HERMES_LINT.params.operation]: 'lint',
			[HERMES_LINT.params.workflow]: expression('$json.body'),
		}),
	);
	const answer = answering(rawSetNode(name, ADMIN_NODES.answer, AT, `JSON.stringify(${LINT_ANSWER}($json))`));
	const refused = rawSetNode(name, ADMIN_NODES.refused, AT, `JSON.stringify(${refusal})`);
	connections[ADMIN_NODES.fetch] = { main: [main(ADMIN_NODES.fetched)] };
	connections[ADMIN_NODES.fetched] = { main: [main(ADMIN_NODES.lint), main(ADMIN_NODES.refused)] };
	connections[ADMIN_NODES.lint] = { main: [main(ADMIN_NODES.answer), main(ADMIN_NODES.failed)] };
	connections[ADMIN_NODES.answer] = { main: [[], main(ADMIN_NODES.failed)] };
	return laidOut({ name, nodes: [trigger, fetch, fetched, lint, answer, refused, failed], connections, settings: subWorkflowSettings(config) }, SUBWORKFLOW_TRIGGER_NAME);
}
