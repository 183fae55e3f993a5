/** What every stage needs to know about one catalogue tool, decided once (planTools.ts). */
import type { GatewayContract, GatewayName } from '../contracts';
import type { OdooTarget, ParameterSpec, ToolSpec } from '../toolSpec/schema';

/** How the MCP trigger reaches the tool: its node's tool variant, or a toolWorkflow calling its gateway's sub-workflow, its approval gate or its create-once workflow. */
export type ToolWiring = 'node' | 'gateway' | 'gate' | 'once';

export interface ToolPlan {
	readonly tool: ToolSpec;
	/** The node it acts through: HERMES_ODOO, or its gateway's. */
	readonly contract: GatewayContract;
	/** An Odoo tool's target, a gateway tool's gateway; the other undefined. */
	readonly odoo: OdooTarget | undefined;
	readonly gateway: GatewayName | undefined;
	readonly wiring: ToolWiring;
	/** Its node refuses an argument the tool does not take (core/agentArguments.ts). */
	readonly checksArguments: boolean;
	/** It can run an operation each call of which makes something new (its contract's createOperations). */
	readonly createsRecords: boolean;
	/** It acts only after a person approved the exact call (config `approvals`). */
	readonly gated: boolean;
	/** A create sent again creates nothing (creates/). */
	readonly createsOnce: boolean;
	/** The most a call may take in its node; undefined where nothing bounds it (the content hand-off). */
	readonly seconds: number | undefined;
	readonly readOnly: boolean;
	/** A parameter by key as the agent sees it: the timesheet employee's default comes from the config. */
	readonly lookup: (key: string) => ParameterSpec;
}
