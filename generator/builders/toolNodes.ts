/**
 * The node a tool acts through, in the two forms the generator writes: its tool variant, wired
 * to the MCP trigger, whose agent inputs are `$fromAI` calls; and the node itself, which an
 * approval gate runs on the values it took on. Per target: the Hermes Odoo node, or the
 * gateway's own node.
 */
import { HERMES_ODOO } from '../contracts';

import type { HermesConfig } from '../config';
import { nodeCredentials } from '../config/nodeSettings';
import { fromAiCall } from '../fromAi';
import type { ToolSpec } from '../toolSpec/schema';
import { agentArgumentsParameters } from './agentArguments';
import { contractOf, gatewayNodeParameters, nodeKind } from './gatewayParams';
import { hermesOdooCredentials, hermesOdooNodeParameters } from './hermesOdooTool';
import type { JsonObject, NodeCredential, WorkflowNode } from './n8nTypes';
import { node, type NodeKind, type ParamLookup, type ValueOf } from './nodeParts';

/** Whether the tool's node refuses an argument the tool does not take (core/agentArguments.ts). */
export function checksArguments(tool: ToolSpec): boolean {
	return tool.target.kind === 'gateway' ? contractOf(tool.target.gateway).agentArguments : HERMES_ODOO.agentArguments;
}

interface TargetNode {
	kind: NodeKind;
	parameters: JsonObject;
	credentials?: Record<string, NodeCredential>;
}

function targetNode(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf, asTool: boolean): TargetNode {
	if (tool.target.kind === 'odoo') {
		return { kind: nodeKind(HERMES_ODOO, config.nodeTypePrefix, asTool), parameters: hermesOdooNodeParameters(tool, config, lookup, valueOf), credentials: hermesOdooCredentials(config) };
	}
	const contract = contractOf(tool.target.gateway);
	return { kind: nodeKind(contract, config.nodeTypePrefix, asTool), parameters: gatewayNodeParameters(tool, config, lookup, valueOf), ...nodeCredentials(contract, config) };
}

const withCredentials = (built: TargetNode) => (built.credentials ? { credentials: built.credentials } : {});

/** The tool variant: the catalogue's description as written and, where its node can, the check of the agent's arguments. */
export function toolVariant(workflow: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, position: [number, number]): WorkflowNode {
	const built = targetNode(tool, config, lookup, fromAiCall, true);
	const agent = checksArguments(tool) ? agentArgumentsParameters(tool) : {};
	const parameters = { descriptionType: 'manual', toolDescription: tool.description, ...built.parameters, ...agent };
	return { ...node(workflow, tool.name, built.kind, position, parameters), ...withCredentials(built) };
}

/** The node itself on the given parameter values (a gate's input, or the normalised call). */
export function toolNode(workflow: string, name: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf, position: [number, number]): WorkflowNode {
	const built = targetNode(tool, config, lookup, valueOf, false);
	return { ...node(workflow, name, built.kind, position, built.parameters), ...withCredentials(built) };
}
