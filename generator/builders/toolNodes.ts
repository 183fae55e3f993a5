/**
 * The node a tool acts through, in the two forms the generator writes: its tool variant, wired
 * to the MCP trigger, whose agent inputs are `$fromAI` calls; and the node itself, which an
 * approval gate runs on the values it took on. Per target: the Hermes Odoo node, or the
 * gateway's own node.
 */
import type { HermesConfig } from '../config';
import { nodeCredentials } from '../config/nodeSettings';
import { fromAiCall } from '../fromAi';
import type { ToolPlan } from '../plan';
import { agentArgumentsParameters } from './agentArguments';
import { gatewayNodeParameters, nodeKind } from './gatewayParams';
import { hermesOdooCredentials, hermesOdooNodeParameters } from './hermesOdooTool';
import type { JsonObject, NodeCredential, WorkflowNode } from './n8nTypes';
import { node, type NodeKind, type ValueOf } from './nodeParts';

interface TargetNode {
	kind: NodeKind;
	parameters: JsonObject;
	credentials?: Record<string, NodeCredential>;
}

function targetNode({ tool, contract, odoo, lookup }: ToolPlan, config: HermesConfig, valueOf: ValueOf, asTool: boolean): TargetNode {
	const kind = nodeKind(contract, config.nodeTypePrefix, asTool);
	if (odoo) return { kind, parameters: hermesOdooNodeParameters(tool, config, lookup, valueOf), credentials: hermesOdooCredentials(config) };
	return { kind, parameters: gatewayNodeParameters(tool, config, lookup, valueOf), ...nodeCredentials(contract, config) };
}

const withCredentials = (built: TargetNode) => (built.credentials ? { credentials: built.credentials } : {});

/** The tool variant: the catalogue's description as written and, where its node can, the check of the agent's arguments. */
export function toolVariant(workflow: string, plan: ToolPlan, config: HermesConfig, position: [number, number]): WorkflowNode {
	const built = targetNode(plan, config, fromAiCall, true);
	const agent = plan.checksArguments ? agentArgumentsParameters(plan.tool) : {};
	const parameters = { descriptionType: 'manual', toolDescription: plan.tool.description, ...built.parameters, ...agent };
	return { ...node(workflow, plan.tool.name, built.kind, position, parameters), ...withCredentials(built) };
}

/** The node itself on the given parameter values (a gate's input, or the normalised call). */
export function toolNode(workflow: string, name: string, plan: ToolPlan, config: HermesConfig, valueOf: ValueOf, position: [number, number]): WorkflowNode {
	const built = targetNode(plan, config, valueOf, false);
	return { ...node(workflow, name, built.kind, position, built.parameters), ...withCredentials(built) };
}
