/**
 * Shared shapes of the workflow linter. A linted workflow is a projection of the workflows the
 * generator builds and push sends: the linter reads any n8n export, which may lack ids,
 * positions and settings, so it keeps the fields the rules read, as the shape check settled them.
 */

/** One end of a connection, as n8n stores it (the generator's workflows use this type too). */
export interface ConnectionTarget {
	node: string;
	type: string;
	index: number;
}

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

/**
 * A node as the rules read it (n8n keys nodes by name): `disabled` settled to a boolean, the
 * parameters of any JSON (not only what the builders write), and where it is in `nodes[]`.
 */
export interface LintedNode {
	name: string;
	type: string;
	typeVersion: number;
	webhookId?: string;
	parameters: Record<string, unknown>;
	disabled: boolean;
	/** Position of the node in `nodes[]`. */
	index: number;
}

/**
 * `connections[source][outputType][outputIndex] = targets`: Workflow's connections, with the
 * `null` n8n stores for an output that leads nowhere (the builders never write one).
 */
export type LintedConnections = Record<string, Record<string, Array<ConnectionTarget[] | null>>>;

/** Workflow's nodes and connections as the rules read them; an export may have no name. */
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
