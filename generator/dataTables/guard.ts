/**
 * A guarded call: a sub-workflow a tool's toolWorkflow calls instead of the tool, which acts only
 * under the guard's rule (a person's approval, once per identical call). Each guard is one
 * registration (project/guards.ts) the stages loop over: generate writes its workflow for every plan it
 * wraps and the MCP workflow calls it, push makes its store first. Its rows are claimed and
 * keyed with dataTables/.
 */
import type { Workflow } from '../builders';
import type { JsonObject } from '../builders/n8nTypes';
import type { HermesConfig } from '../config';
import type { DataTableSpec } from '../dataTables/dataTableNode';
import type { ToolPlan, ToolWiring } from '../plan';

export interface Guard {
	/** The plans it wraps: those the plan wired this way (plan/planTools.ts). */
	readonly wiring: Exclude<ToolWiring, 'node' | 'gateway'>;
	/** Its workflow for a tool, as n8n names it, and as generate writes it. */
	workflowName(tool: string, config: HermesConfig): string;
	fileName(tool: string): string;
	/** The toolWorkflow's parameters: the tool's description and inputs, and what the guard adds. */
	toolParameters(plan: ToolPlan, config: HermesConfig): JsonObject;
	build(plan: ToolPlan, config: HermesConfig): Workflow;
	/** The Data Tables its workflows keep rows in, for this config and these plans (none: no table). */
	stores(config: HermesConfig, plans: readonly ToolPlan[]): DataTableSpec[];
}
