/**
 * A gated tool in the MCP tools workflow: a toolWorkflow calling the tool's gate sub-workflow,
 * with the tool's own parameters plus an optional `approval_id`.
 */
import { APPROVAL_ID_PARAM, gateWorkflowName } from '../approvals/gatedTools';
import type { HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';
import { agentArgumentsInputs } from './agentArguments';
import { checksArguments } from './approvalCheck';
import { inputType } from './approvalGate';
import type { JsonObject } from './n8nTypes';
import type { ParamLookup } from './odooTool';
import { mapperColumn, workflowByName } from './resourceLocator';

export const APPROVAL_ID_SPEC: ParameterSpec = {
	key: APPROVAL_ID_PARAM,
	type: 'string',
	description: 'Leave empty on the first call. After a person approved, the approval_id that the first call answered',
	required: false,
	default: '',
};

/** Told to the agent, so it knows the first call only asks. */
export const GATED_NOTE =
	' Each call needs a person\'s approval: the first call executes nothing and answers __APPROVAL_REQUIRED__ with an approval_id; once the person approved, call again with that approval_id and the same arguments.';

/** The tool's parameters and `approval_id`, and where the gate's check can refuse an argument the tool does not take, the raw call. */
export function gatedToolParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup): JsonObject {
	const params = [...tool.parameters.map((p) => lookup(p.key)), APPROVAL_ID_SPEC];
	const agent = checksArguments(tool, config) ? agentArgumentsInputs({ name: tool.name, parameters: params }) : {};
	return {
		description: `${tool.description}${GATED_NOTE}`,
		source: 'database',
		workflowId: workflowByName(gateWorkflowName(tool.name, config)),
		workflowInputs: {
			mappingMode: 'defineBelow',
			value: { ...Object.fromEntries(params.map((p) => [p.key, expression(fromAiCall(p))])), ...agent },
			matchingColumns: [],
			schema: [...params.map((p) => mapperColumn(p.key, inputType(p))), ...Object.keys(agent).map((key) => mapperColumn(key, 'string'))],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	};
}
