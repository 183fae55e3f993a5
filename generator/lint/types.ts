/** Shared shapes of the workflow linter (contract: /work/notes/CONTRACTS.md, "Lint"). */

export type Severity = 'error' | 'warning';

/** One problem in one workflow. `path` and `file` locate it; `hint` says how to fix it. */
export interface Finding {
	code: string;
	severity: Severity;
	message: string;
	node?: string;
	hint: string;
	file?: string;
	/** Where inside the node, e.g. `parameters.workflowInputs.value.path`. */
	path?: string;
}

/** What a rule reports; the engine adds code, severity, hint and file from the rule. */
export interface RuleHit {
	message: string;
	node?: string;
	path?: string;
}

/** A workflow node after shape validation (n8n keys nodes by name). */
export interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	disabled: boolean;
	webhookId?: string;
	/** Position of the node in `nodes[]`. */
	index: number;
}

export interface ConnectionTarget {
	node: string;
	type: string;
	index: number;
}

/** `connections[source][outputType][outputIndex] = targets`, as n8n stores it. */
export type Connections = Record<string, Record<string, Array<ConnectionTarget[] | null>>>;

export interface Workflow {
	name?: string;
	nodes: WorkflowNode[];
	connections: Connections;
}

/** Everything a rule may read; built once per lint run. */
export interface RuleContext {
	workflow: Workflow;
	graph: import('./graph').WorkflowGraph;
	/** The manifest to compare with, if one was given or found. */
	manifest?: unknown;
}

export interface Rule {
	/** Stable code, never reused: HMT001, HMT002, ... */
	code: string;
	/** Short kebab-case name, e.g. `disabled-tool-wired`. */
	name: string;
	severity: Severity;
	/** One line: what the rule catches. */
	summary: string;
	/** Why it matters (README, `--list-rules`). */
	why: string;
	/** How to fix a finding. */
	hint: string;
	check(ctx: RuleContext): RuleHit[];
}
