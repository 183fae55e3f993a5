/**
 * The shape every gateway node's contract takes. A contract is what other code (the workflow
 * generator, its linter) may rely on: the node's type name, its parameter names, the values it
 * accepts and its caps. Contracts hold constants only, so importing one loads neither ssh2 nor
 * n8n-workflow.
 */
export interface GatewayContract<Param extends string = string> {
	/** Node type name without the package prefix (`<package>.<type>`; tool variant `<type>Tool`). */
	readonly type: string;
	readonly displayName: string;
	/** Whether the node needs the `hermesSshApi` credential. */
	readonly ssh: boolean;
	/** Parameter names, keyed by role. */
	readonly params: Readonly<Record<Param, string>>;
	/**
	 * Inputs of the gateway sub-workflow that calls this node (Execute Workflow Trigger fields),
	 * each feeding one agent-facing parameter of the node.
	 */
	readonly subWorkflowInputs: Readonly<Record<string, Param>>;
	/** Operator settings with their defaults as the node's own parameter defaults. */
	readonly settingDefaults: Readonly<Partial<Record<Param, string | boolean>>>;
}

/**
 * What a generated tool sends in place of a value off its list (docker_read takes only status,
 * logs and list of the node's actions): `<value> is not allowed by this tool, use one of: a, b`.
 * It is never a valid value (it holds spaces), so the node refuses it, naming the tool's values.
 */
export const TOOL_REFUSAL_INFIX = ' is not allowed by this tool, use one of: ';
