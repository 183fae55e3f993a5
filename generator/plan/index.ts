export { DUPLICATE_PARAM, everyGatewayInSubWorkflow, gatewayWorkflowPlans, planTools, subWorkflowGateways, toolSeconds, type PlanConfig } from './planTools';
export type { ToolPlan, ToolWiring } from './toolPlan';
