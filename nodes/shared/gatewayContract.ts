/**
 * The shape every gateway node's contract takes. A contract is what other code (the workflow
 * generator, its linter, its importer) may rely on: the node's type name and versions, its
 * parameter names per version, the values it accepts and its caps. Contracts hold constants
 * only, so importing one loads neither ssh2 nor n8n-workflow.
 */
export interface GatewayContract<Param extends string = string> {
	/** Node type name without the package prefix (`<package>.<type>`; tool variant `<type>Tool`). */
	readonly type: string;
	readonly displayName: string;
	/** Whether the node needs the `hermesSshApi` credential. */
	readonly ssh: boolean;
	/** Every version n8n can load (saved workflows keep theirs); the generator emits `typeVersion`. */
	readonly versions: readonly number[];
	readonly typeVersion: number;
	/** Parameter names of `typeVersion`, keyed by role. */
	readonly params: Readonly<Record<Param, string>>;
	/** Parameter names of each version, keyed by role; a role a version lacks is absent. */
	readonly paramsByVersion: Readonly<Record<number, Readonly<Partial<Record<Param, string>>>>>;
	/** Values of the `operation` parameter. */
	readonly operations: readonly string[];
	/** The operations an operation-specific parameter serves (absent: every operation). */
	readonly shownFor: Readonly<Partial<Record<Param, readonly string[]>>>;
	/**
	 * Inputs of the gateway sub-workflow that calls this node (Execute Workflow Trigger fields)
	 * and the agent-facing parameters each feeds (the vault's one query input feeds the search
	 * text, the folder prefix and the note path; the operation picks which is used).
	 */
	readonly subWorkflowInputs: Readonly<Record<string, readonly Param[]>>;
	/**
	 * Agent-facing parameters whose values a node setting restricts. In sub-workflow mode the
	 * calling tool passes its list as the literal sub-workflow `input`, which the node's setting
	 * reads; `values` are all the setting may hold.
	 */
	readonly allowLists: Readonly<Partial<Record<Param, AllowList<Param>>>>;
	/** Operator settings with their defaults as the node's own parameter defaults. */
	readonly settingDefaults: Readonly<Partial<Record<Param, string | boolean>>>;
	/**
	 * The boolean parameter that makes the node check a call and read its target without running
	 * it: every check and normalisation the call would pass, answered as the call would be refused,
	 * else `{ success: true, checked: true, normalised: { <role>: value }, target }`. An approval
	 * gate asks a person only about a call this answered. Absent: the node cannot check a call.
	 */
	readonly checkOnly?: Param;
	/**
	 * The first version with the two parameters that refuse an argument the tool does not take
	 * (shared/agentArguments.ts). Absent: no version has them.
	 */
	readonly agentArgumentsSince?: number;
}

export interface AllowList<Param extends string = string> {
	readonly setting: Param;
	readonly input: string;
	readonly values: readonly string[];
}
