/** Shared shapes of the workflow linter. Named `Linted*` apart from the builders' n8n types. */

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
	/** Lower than the rule's own severity when this case has a milder consequence. */
	severity?: Severity;
	node?: string;
	path?: string;
}

/** A workflow node after shape validation (n8n keys nodes by name). */
export interface LintedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	disabled: boolean;
	webhookId?: string;
	/** Position of the node in `nodes[]`. */
	index: number;
}

export interface LintedConnectionTarget {
	node: string;
	type: string;
	index: number;
}

/** `connections[source][outputType][outputIndex] = targets`, as n8n stores it. */
export type LintedConnections = Record<string, Record<string, Array<LintedConnectionTarget[] | null>>>;

export interface LintedWorkflow {
	name?: string;
	nodes: LintedNode[];
	connections: LintedConnections;
}

/** Everything a rule may read; built once per lint run. */
export interface RuleContext {
	workflow: LintedWorkflow;
	graph: import('./graph').WorkflowGraph;
	/** The manifest to compare with, if one was given or found, checked against its schema. */
	manifest?: import('./manifest').ManifestReading;
}

export interface Rule {
	/** Stable code, never reused: HMT001, HMT002, ... */
	code: string;
	/** Short kebab-case name, e.g. `disabled-tool-wired`. */
	name: string;
	/** The severity of its worst case; a hit may be milder (see `why`). */
	severity: Severity;
	/** One line: what the rule catches. */
	summary: string;
	/** Why it matters (README, `--list-rules`). */
	why: string;
	/** How to fix a finding. */
	hint: string;
	check(ctx: RuleContext): RuleHit[];
}
