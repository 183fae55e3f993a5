/**
 * An admin tool that answers the lint of a workflow: in the admin workflow a toolWorkflow, and
 * the sub-workflow it calls. The sub-workflow GETs the workflow by id (the admin request, the
 * only method it sends), and the Hermes Workflow Lint node lints what n8n answered. When n8n
 * has no workflow of that id, or could not be asked, it answers a marker instead of n8n's error.
 */
import { HERMES_LINT, MARKER_RETRY, STATE_RETRY } from '../contracts';
import type { AdminTool } from '../admin/tools';
import type { AdminConfig, HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import { adminCredentials, adminRequestParameters } from './adminRequest';
import { SUBWORKFLOW_TRIGGER_NAME, subWorkflowSettings } from './gatewayWorkflows';
import { ifNode, main, node, rawSetNode } from './nodeParts';
import type { Connections, JsonObject, Workflow } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { mapperColumn, workflowByName } from './resourceLocator';

export const VALIDATE_NODES = { fetch: 'Get workflow', fetched: 'Fetched?', lint: 'Lint', refused: 'Not fetched' } as const;

export function adminValidateWorkflowName(tool: AdminTool, admin: Pick<AdminConfig, 'workflowName'>): string {
	return `${admin.workflowName} - ${tool.name}`;
}

export function adminValidateFileName(tool: AdminTool): string {
	return `hermes-admin-${tool.name.replace(/_/g, '-')}.json`;
}

/** The toolWorkflow's parameters: the tool's own parameters as the sub-workflow's inputs. */
export function adminValidateToolParameters(tool: AdminTool, admin: AdminConfig): JsonObject {
	return {
		description: tool.description,
		source: 'database',
		workflowId: workflowByName(adminValidateWorkflowName(tool, admin)),
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

const input = (key: string) => `$('${SUBWORKFLOW_TRIGGER_NAME}').item.json.${key}`;

/**
 * The answer when n8n did not hand over the workflow asked for: 404, or a 200 for another path
 * (an empty id lists workflows) is __NOT_FOUND__; a refusal of the key or a scope is the
 * operator's to fix; anything else (n8n unreachable, a server error) may pass.
 */
function refusal(tool: AdminTool): string {
	const id = `String(${input(tool.parameters[0].key)} ?? '')`;
	const status = '$json.statusCode';
	const notFound = `{ success: false, error: '__NOT_FOUND__', hint: 'This n8n has no workflow with the id ' + JSON.stringify(${id}) + '. List the workflows (n8n_list_workflows) and use an id it gives.', retry: '${MARKER_RETRY.__NOT_FOUND__}', workflow: { id: ${id} } }`;
	const refused = `{ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', hint: 'The n8n API refused the admin key (' + ${status} + '): it needs the scope workflow:read. Tell the operator.', retry: '${STATE_RETRY.misconfigured}' }`;
	const failed = `{ success: false, error: '__UNAVAILABLE__', state: 'unreachable', hint: 'The n8n API did not answer the workflow (' + (${status} ?? 'no answer') + '). Retry later or tell the operator.', retry: '${STATE_RETRY.unreachable}' }`;
	return `JSON.stringify(${status} === 404 || ${status} === 200 ? ${notFound} : ${status} === 401 || ${status} === 403 ? ${refused} : ${failed})`;
}

/** Trigger -> GET the workflow (full response, never failing on a status) -> the one asked for? -> lint it, or answer why not. */
export function buildAdminValidateWorkflow(tool: AdminTool, admin: AdminConfig, config: Pick<HermesConfig, 'nodeTypePrefix' | 'subWorkflowExecutions'>): Workflow {
	const name = adminValidateWorkflowName(tool, admin);
	const idKey = tool.parameters[0].key;
	const trigger = node(name, SUBWORKFLOW_TRIGGER_NAME, NODE_TYPES.executeWorkflowTrigger, [0, 0], {
		inputSource: 'workflowInputs',
		workflowInputs: { values: tool.parameters.map((p) => ({ name: p.key, type: 'string' })) },
	});
	const fetch = {
		...node(name, VALIDATE_NODES.fetch, NODE_TYPES.httpRequest, [220, 0], {
			...adminRequestParameters(tool, admin, (key) => `$json.${key}`),
			options: { response: { response: { fullResponse: true, neverError: true } } },
		}),
		credentials: adminCredentials(admin),
		// n8n unreachable is an item too, answered by the refusal below.
		onError: 'continueRegularOutput' as const,
	};
	const fetched = ifNode(name, VALIDATE_NODES.fetched, [440, 0], `$json.statusCode === 200 && $json.body?.id === String(${input(idKey)})`, 'fetched');
	const lint = node(name, VALIDATE_NODES.lint, { type: `${config.nodeTypePrefix}.${HERMES_LINT.type}`, typeVersion: HERMES_LINT.typeVersion }, [660, -100], {
		[HERMES_LINT.params.operation]: 'lint',
		[HERMES_LINT.params.workflow]: expression('$json.body'),
	});
	const refused = rawSetNode(name, VALIDATE_NODES.refused, [660, 100], refusal(tool));
	const connections: Connections = {
		[SUBWORKFLOW_TRIGGER_NAME]: { main: [main(VALIDATE_NODES.fetch)] },
		[VALIDATE_NODES.fetch]: { main: [main(VALIDATE_NODES.fetched)] },
		[VALIDATE_NODES.fetched]: { main: [main(VALIDATE_NODES.lint), main(VALIDATE_NODES.refused)] },
	};
	return { name, nodes: [trigger, fetch, fetched, lint, refused], connections, settings: subWorkflowSettings(config) };
}
