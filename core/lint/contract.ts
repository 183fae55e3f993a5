import type { GatewayContract } from '../gatewayContract';

export type LintParam = 'operation' | 'workflow';

/** The node's one operation: lint one workflow JSON object with this project's rules. */
export const LINT_OPERATIONS = ['lint'] as const;
export type LintOperation = (typeof LINT_OPERATIONS)[number];

export const LINT_CAPS = {
	/** Findings an answer lists (counts cover them all; `truncated` says some were left out), so an agent's context holds the answer. */
	findings: 50,
} as const;

const PARAMS = { operation: 'operation', workflow: 'workflow' } as const;

export const HERMES_LINT: GatewayContract<LintParam> = {
	type: 'hermesLint',
	displayName: 'Hermes Workflow Lint',
	ssh: false,
	typeVersion: 1,
	params: PARAMS,
	operations: LINT_OPERATIONS,
	readOperations: LINT_OPERATIONS,
	createOperations: [],
	// In-process work on a capped input: no command or request to bound.
	operationSeconds: {},
	shownFor: {},
	// The admin channel's validate tool feeds it the workflow its HTTP Request fetched: no gateway sub-workflow inputs.
	subWorkflowInputs: {},
	allowLists: {},
	settingDefaults: {},
	agentArguments: false,
};
