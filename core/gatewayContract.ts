/**
 * The shape every gateway node's contract takes. A contract is what other code (the workflow
 * generator, its linter, its importer) may rely on: the node's type name and version, its
 * parameter names, the values it accepts and its caps. Contracts hold constants
 * only, so importing one loads neither ssh2 nor n8n-workflow.
 */
export interface GatewayContract<Param extends string = string> {
	/** Node type name without the package prefix (`<package>.<type>`; tool variant `<type>Tool`). */
	readonly type: string;
	readonly displayName: string;
	/** Whether the node needs the `hermesSshApi` credential. */
	readonly ssh: boolean;
	/** The node's version (one class, one version: see CONTRIBUTING.md on renames); workflows carry it as `typeVersion`. */
	readonly typeVersion: number;
	/** Parameter names, keyed by role. */
	readonly params: Readonly<Record<Param, string>>;
	/** Values of the `operation` parameter. */
	readonly operations: readonly string[];
	/** The operations that only read: a tool the catalogue declares `readOnly` may run no other. */
	readonly readOperations: readonly string[];
	/**
	 * The operations each call of which makes something new (a record, a hand-off): the same call
	 * sent twice makes two. A retry whose first answer was lost must not repeat one (creates/).
	 */
	readonly createOperations: readonly string[];
	/**
	 * The most one call of each operation may take in the node: its own commands' and requests'
	 * time caps, connecting aside. Absent for an operation whose time the node does not bound (the
	 * content hand-off waits for the user's pipeline).
	 */
	readonly operationSeconds: Readonly<Partial<Record<string, number>>>;
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
	/** Whether the node has the two parameters that refuse an argument the tool does not take (agentArguments.ts). */
	readonly agentArguments: boolean;
	/**
	 * The credential the node needs whatever its settings, and the key of the generator's
	 * deployment config that names the n8n credential to use. Absent: none, or one a setting picks
	 * (the Hermes Odoo node's authentication).
	 */
	readonly credential?: CredentialUse;
	/** The gateway sub-workflow the generator writes to call the node. Absent: tools call the node directly. */
	readonly subWorkflow?: GatewaySubWorkflow;
	/**
	 * Operator settings the generator's deployment config holds, by the role of the parameter each
	 * sets. One table read both ways: the generator writes the settings from it, its importer reads
	 * them back with it.
	 */
	readonly configSettings?: Readonly<Partial<Record<Param, ConfigSetting>>>;
}

/** A gateway whose tools reach it through a sub-workflow of its own (`GATEWAY_CONTRACTS`). */
export type SubWorkflowGateway<Param extends string = string> = GatewayContract<Param> &
	Required<Pick<GatewayContract<Param>, 'subWorkflow' | 'configSettings'>>;

export interface CredentialUse {
	/** The credential type, as its class names it. */
	readonly type: string;
	/** Dotted key of the deployment config holding the credential's name (`credentials.ssh`). */
	readonly configKey: string;
}

/** The SSH credential (credentials/HermesSshApi.credentials.ts), named once for every SSH node. */
export const SSH_CREDENTIAL = { type: 'hermesSshApi', configKey: 'credentials.ssh' } as const satisfies CredentialUse;

export interface GatewaySubWorkflow {
	/** The node's name in the sub-workflow. */
	readonly node: string;
	/** The sub-workflow's name in the default deployment config (a config on another MCP path adds the path). */
	readonly name: string;
}

export interface ConfigSetting {
	/** Dotted key of the deployment config (`vault.path`). */
	readonly key: string;
	/** The config holds a list; the node takes it comma-separated. */
	readonly list?: boolean;
}

export interface AllowList<Param extends string = string> {
	readonly setting: Param;
	readonly input: string;
	readonly values: readonly string[];
}
