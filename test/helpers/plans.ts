/** What the tests ask of the tool plans (generator/plan/): which tools a config gates and wraps, and one tool's MCP node as generate writes it. */
import type { HermesConfig } from '../../generator/config';
import { planTools, type PlanConfig, type ToolPlan } from '../../generator/plan';
import { generateAll } from '../../generator/project';
import type { Workflow } from '../../generator/builders';
import type { ToolSpec } from '../../generator/toolSpec/schema';

/** The names of the tools the config gates, in catalogue order. */
export const gatedNames = (catalogue: readonly ToolSpec[], config: PlanConfig): string[] => planTools(catalogue, config).filter((p) => p.gated).map((p) => p.tool.name);

/** The plans of the tools that create once, in catalogue order. */
export const createPlans = (catalogue: readonly ToolSpec[], config: PlanConfig): ToolPlan[] => planTools(catalogue, config).filter((p) => p.createsOnce);

/** The plan of one tool, ungated. */
export const planOf = (tool: ToolSpec, config: PlanConfig): ToolPlan => planTools([tool], { ...config, approvals: undefined })[0];

/** The MCP tools workflow generate writes for these tools. */
export const mcpWorkflowOf = (tools: readonly ToolSpec[], config: HermesConfig): Workflow => generateAll(tools, config)[0].workflow!;
