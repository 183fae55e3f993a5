export { DUPLICATE_PARAM, everyGatewayInSubWorkflow, handsOff, planTools, subWorkflowGateways, toolSeconds, type PlanConfig } from './planTools';
export type { ToolPlan, ToolWiring } from './toolPlan';
