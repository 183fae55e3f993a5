/** Deployment config: everything that differs between installations, zod-validated (unknown keys refused). */
import {
	checkDockerCommand,
	checkPrometheusUrl,
	checkProtectedStacks,
	checkVaultPath,
	checkWritePrefixes,
	GATEWAY_NAMES,
	ODOO_CREDENTIAL_TYPES,
	VAULT_LIMITS,
	WRITE_PREFIX,
	type Checked,
	type GatewayName,
} from '../contracts';
import { z } from 'zod';


const name = z.string().min(1);
/** An MCP or webhook path: n8n serves it under /mcp/ or /webhook/. */
const webhookPath = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, - and _');

/** One sub-workflow name per gateway of the contracts (the default is the contract's). */
const gatewayWorkflowNames = Object.fromEntries(GATEWAY_NAMES.map((gateway) => [gateway, name])) as Record<GatewayName, typeof name>;

/**
 * A node setting the config writes: refused here with the node's own reason, since the node
 * would refuse it on every call (`__UNAVAILABLE__ misconfigured`) after a push that succeeded.
 */
function nodeSetting<T extends z.ZodTypeAny>(schema: T, check: (value: unknown) => Checked<unknown>, asSetting: (value: z.infer<T>) => unknown = (v) => v) {
	return schema.superRefine((value, ctx) => {
		const checked = check(asSetting(value));
		if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.reason });
	});
}
const commaSeparated = (list: string[]) => list.join(',');

export const GATEWAY_MODES = ['subworkflow', 'direct'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

export const SUB_WORKFLOW_EXECUTIONS = ['all', 'failures'] as const;
export type SubWorkflowExecutions = (typeof SUB_WORKFLOW_EXECUTIONS)[number];

/**
 * A toolset's tools by kind: every catalogue tool declared `readOnly`, or every other one. The
 * Hermes Agent asks before each tool of a `trust: untrusted` server: one endpoint of each kind
 * lets it ask about changes only (agent-config --for hermes).
 */
export const TOOL_KINDS = ['readOnly', 'changing'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const ToolsetSchema = z
	.object({
		/** Used in file names: workflows/hermes-mcp-tools.<name>.json */
		name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and -'),
		/** MCP path of this toolset's trigger (endpoint /mcp/<path>). */
		path: webhookPath,
		/** Tool names, or a kind (TOOL_KINDS). */
		tools: z.union([z.array(name).min(1), z.enum(TOOL_KINDS)]),
	})
	.strict();
export type Toolset = z.infer<typeof ToolsetSchema>;

/**
 * Why `chatId` cannot carry approval requests, or undefined. A request's link is the approval, so
 * the chat must be one the agent cannot read: a public @channel is readable by anyone who finds
 * its name, the agent included.
 */
export function telegramChatIdProblem(chatId: string): string | undefined {
	if (/^@/.test(chatId)) {
		return (
			`"${chatId}" is a public channel, which anyone can read, the agent included, and the link in a request is the approval: ` +
			'use the numeric id of a private chat or group with the approvers (write to the bot, then its getUpdates shows chat.id)'
		);
	}
	if (!/^-?\d{1,20}$/.test(chatId)) return 'a numeric Telegram chat id (negative for a group)';
	return undefined;
}

/** Where a person is asked: an email over an n8n SMTP credential, or a Telegram chat over an n8n Telegram credential. */
export const ApprovalChannelSchema = z.discriminatedUnion('type', [
	z
		.object({
			type: z.literal('email'),
			/** Name of an n8n SMTP credential. */
			credential: name,
			from: z.string().email(),
			to: z.array(z.string().email()).min(1),
		})
		.strict(),
	z
		.object({
			type: z.literal('telegram'),
			/** Name of an n8n Telegram credential. */
			credential: name,
			/** The numeric id of a chat only the approvers read (negative for groups); never a public @channel. */
			chatId: z.string().superRefine((chatId, ctx) => {
				const reason = telegramChatIdProblem(chatId);
				if (reason) ctx.addIssue({ code: 'custom', message: reason });
			}),
		})
		.strict(),
]);
export type ApprovalChannel = z.infer<typeof ApprovalChannelSchema>;

/** A project's identity, as `init` writes it (its folder's name and a random part). */
export const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** An approval store's table name: n8n looks a data table up by name in lower case. */
export const APPROVAL_TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export const APPROVAL_DEFAULTS = {
	ttlMinutes: 15,
	keepDays: 30,
	pagePath: 'hermes-approval',
	table: 'hermes_approvals',
	pageWorkflow: 'Hermes Approval Page',
	gateWorkflowPrefix: 'Hermes Approval - ',
	/*
	 * Limits on what an agent can put in front of a person. A person decides a destructive call
	 * with care a few times an hour; 10 new requests of one tool an hour is more than that, and
	 * bounds the messages a looping or hostile agent sends to 10 a tool an hour (identical pending
	 * calls are one request).
	 */
	requestsPerWindow: 10,
	/*
	 * And 10 an hour per person across all gated tools: the per-tool cap alone let an agent spread
	 * over four tools send one person 40 requests in a minute. A person decides with care a few
	 * calls an hour, whichever tools they are.
	 */
	requestsPerPerson: 10,
	windowMinutes: 60,
	/*
	 * Any call a gated tool itself accepts can be asked about: the largest is a vault note of
	 * writeBytes, which as JSON is at most 6 characters a byte (a control byte is `\u0001`), beside
	 * its path and hash. A request is kept in full (the page shows all of it; the message cuts
	 * each argument), so this also bounds a request's row.
	 */
	maxArgsChars: 6 * VAULT_LIMITS.writeBytes + 10_000,
} as const;

export const ApprovalsSchema = z
	.object({
		/** Tools that act only after a person approved the exact call; default: the catalogue's sensitive tools. */
		tools: z.array(name).min(1).optional(),
		channel: ApprovalChannelSchema,
		/** n8n's public base URL (as in its WEBHOOK_URL), which the link in the notification starts with. */
		publicUrl: z.string().url().regex(/^https?:\/\//, 'an http(s) URL'),
		/** How long a request may be approved and then used, in minutes. */
		ttlMinutes: z.number().int().min(1).max(1440).default(APPROVAL_DEFAULTS.ttlMinutes),
		/** Requests are kept this many days after they expire (who asked, who decided, when), then a first call deletes them. */
		keepDays: z.number().int().min(1).max(3650).default(APPROVAL_DEFAULTS.keepDays),
		/** Webhook path of the approval page: <publicUrl>/webhook/<pagePath>. */
		pagePath: webhookPath.default(APPROVAL_DEFAULTS.pagePath),
		/** n8n Data Table holding the requests (push creates it). */
		table: z.string().regex(APPROVAL_TABLE_NAME, 'lower case letters, digits and _').default(APPROVAL_DEFAULTS.table),
		pageWorkflow: name.default(APPROVAL_DEFAULTS.pageWorkflow),
		/** A gated tool's sub-workflow is named <gateWorkflowPrefix><tool>. */
		gateWorkflowPrefix: name.default(APPROVAL_DEFAULTS.gateWorkflowPrefix),
		/** New requests one gated tool may make in windowMinutes; over it the call answers __UNAVAILABLE__ (rate_limited, retry later) and nobody is notified. */
		requestsPerWindow: z.number().int().min(1).max(1000).default(APPROVAL_DEFAULTS.requestsPerWindow),
		/** New requests one person (the channel's recipients) may get in windowMinutes, across all gated tools; over it, as over requestsPerWindow. */
		requestsPerPerson: z.number().int().min(1).max(1000).default(APPROVAL_DEFAULTS.requestsPerPerson),
		windowMinutes: z.number().int().min(1).max(1440).default(APPROVAL_DEFAULTS.windowMinutes),
		/** The most characters the normalised arguments may take as JSON; a longer call answers __TOO_LARGE__ and nobody is asked. */
		maxArgsChars: z.number().int().min(100).max(APPROVAL_DEFAULTS.maxArgsChars).default(APPROVAL_DEFAULTS.maxArgsChars),
	})
	.strict();
export type ApprovalsConfig = z.infer<typeof ApprovalsSchema>;

export const CREATES_DEFAULTS = {
	/*
	 * A client sends a call again when it lost the answer (a stale session reconnected, a dropped
	 * connection): that happens within seconds. Ten minutes covers a slow reconnect and keeps the
	 * time short in which an identical record on purpose needs `duplicate: true`.
	 */
	windowMinutes: 10,
	table: 'hermes_creates',
	workflowPrefix: 'Hermes Create - ',
} as const;

/** How a create the client sends again is answered from its first run instead of creating twice (creates/). */
export const CreatesSchema = z
	.object({
		/** An identical create within this many minutes of one that succeeded answers that one's result, with `replayed: true`. */
		windowMinutes: z.number().int().min(1).max(1440).default(CREATES_DEFAULTS.windowMinutes),
		/** n8n Data Table holding each create's arguments hash and answer (push creates it). */
		table: z.string().regex(APPROVAL_TABLE_NAME, 'lower case letters, digits and _').default(CREATES_DEFAULTS.table),
		/** A create tool's sub-workflow is named <workflowPrefix><tool>. */
		workflowPrefix: name.default(CREATES_DEFAULTS.workflowPrefix),
	})
	.strict();
export type CreatesConfig = z.infer<typeof CreatesSchema>;

/**
 * The admin channel's tools, by name (admin/tools.ts defines each). Named here, where the config
 * picks among them, because admin/ builds on the config.
 */
export const ADMIN_TOOL_NAMES = ['n8n_list_workflows', 'n8n_get_workflow', 'n8n_list_executions', 'n8n_get_execution', 'n8n_validate_workflow'] as const;
export type AdminToolName = (typeof ADMIN_TOOL_NAMES)[number];

export const ADMIN_DEFAULTS = {
	workflowName: 'Hermes MCP Admin',
	path: 'hermes-admin',
	bearer: 'Hermes MCP Admin Bearer',
	n8nApi: 'Hermes n8n API (read-only)',
	apiUrl: 'http://localhost:5678/api/v1',
} as const;

/**
 * The admin channel: a second MCP endpoint with its own bearer credential serving read-only
 * views of this n8n (workflows, executions) to an agent diagnosing the deployment.
 */
export const AdminSchema = z
	.object({
		workflowName: name.default(ADMIN_DEFAULTS.workflowName),
		/** MCP path of the admin trigger (endpoint /mcp/<path>). */
		path: webhookPath.default(ADMIN_DEFAULTS.path),
		/** Name of the n8n Bearer credential guarding the admin endpoint: give it another token than the tools endpoint's. */
		bearer: name.default(ADMIN_DEFAULTS.bearer),
		/** Name of an n8n "n8n API" credential whose key holds only read scopes (workflow:list/read, execution:list/read). */
		n8nApi: name.default(ADMIN_DEFAULTS.n8nApi),
		/** n8n's public API as n8n itself reaches it (the tools run inside n8n). */
		apiUrl: z
			.string()
			.url()
			.regex(/^https?:\/\/[^?#]*$/, 'an http(s) URL without query or fragment')
			.transform((url) => url.replace(/\/+$/, ''))
			.default(ADMIN_DEFAULTS.apiUrl),
		/** The tools served, from the read-only ones the generator knows; default all. */
		tools: z.array(z.enum(ADMIN_TOOL_NAMES)).min(1).default([...ADMIN_TOOL_NAMES]),
	})
	.strict();
export type AdminConfig = z.infer<typeof AdminSchema>;

export const ConfigSchema = z
	.object({
		/**
		 * The catalogue: TypeScript (or JavaScript) files whose default export is a tool or a list of
		 * tools, in the order the tools appear in the workflow. Relative to the config file.
		 */
		catalogue: z.array(z.string().min(1)).min(1),
		/**
		 * The project's identity, written by `init`: its tool workflows carry it, and push refuses to
		 * update tool workflows another project made (unless --take-over).
		 */
		project: z.string().regex(PROJECT_ID, 'letters, digits, ., _ and -, at most 100').optional(),
		workflowName: name,
		mcpPath: webhookPath,
		/** `n8n-nodes-hermes` when installed as a community package, `CUSTOM` from a custom folder. */
		nodeTypePrefix: z.string().regex(/^(CUSTOM|(@[a-z0-9-]+\/)?n8n-nodes-[a-z0-9-]+)$/),
		credentials: z
			.object({
				/** Names of existing n8n credentials (n8n looks them up by name on import). */
				odoo: name,
				ssh: name,
				bearer: name,
			})
			.strict(),
		/** How the Hermes Odoo credential logs in: `odooApi` (password, JSON-RPC) or `odooApiKeyApi` (API key, JSON-2 on Odoo 19+); the Hermes twin of n8n's type of that name. */
		odooCredentialType: z.enum(ODOO_CREDENTIAL_TYPES),
		/**
		 * How a gateway tool reaches its node: `subworkflow`, a toolWorkflow calling a gateway
		 * sub-workflow; `direct`, the node's own tool variant wired to the trigger, which saves the
		 * sub-workflow execution on every call. See builders/gatewayWorkflows.ts.
		 */
		gatewayMode: z.enum(GATEWAY_MODES),
		/**
		 * What n8n stores of the gateway sub-workflows' executions: `all`, or `failures` (a
		 * successful run leaves no execution data; a failed one is always kept).
		 */
		subWorkflowExecutions: z.enum(SUB_WORKFLOW_EXECUTIONS),
		gatewayWorkflows: z.object(gatewayWorkflowNames).strict(),
		pipelineWorkflow: z
			.object({
				name,
				/** Known id of the pipeline workflow; without it `push` resolves it by name. */
				id: z.string().min(1).optional(),
			})
			.strict(),
		vault: z
			.object({
				path: nodeSetting(name, checkVaultPath),
				writePrefixes: nodeSetting(z.array(z.string().regex(WRITE_PREFIX, 'like research/')).min(1), checkWritePrefixes, commaSeparated),
			})
			.strict(),
		docker: z
			.object({
				/** Docker CLI on the host: a command name or absolute path, one word (wrap sudo in a script). */
				command: nodeSetting(z.string(), checkDockerCommand),
				protectedStacks: nodeSetting(z.array(z.string()), checkProtectedStacks, commaSeparated),
			})
			.strict(),
		prometheusUrl: nodeSetting(z.string(), checkPrometheusUrl),
		/** Default employee of timesheet_log_hours (overridable per call). */
		employeeId: z.number().int().positive(),
		toolsets: z.array(ToolsetSchema),
		/** Without it every tool acts on the agent's call, as the catalogue says. */
		approvals: ApprovalsSchema.optional(),
		creates: CreatesSchema,
		/** Without it there is no admin endpoint. */
		admin: AdminSchema.optional(),
		/** What `calls` shows of a call's arguments: each `tool.argument` or `*.argument` listed is shown as its size only. */
		ledger: z.object({ redact: z.array(z.string().regex(/^(\*|[a-z][a-z0-9_]*)\.[a-z][a-z0-9_]*$/, 'like vault_write.content or *.email')) }).strict(),
	})
	.strict()
	.superRefine((config, ctx) => {
		// Each trigger needs its own webhook path, and each toolset its own file.
		const paths = [config.mcpPath];
		const names: string[] = [];
		config.toolsets.forEach((toolset, index) => {
			if (paths.includes(toolset.path)) {
				ctx.addIssue({ code: 'custom', path: ['toolsets', index, 'path'], message: `MCP path "${toolset.path}" is already used` });
			}
			if (names.includes(toolset.name)) {
				ctx.addIssue({ code: 'custom', path: ['toolsets', index, 'name'], message: `toolset "${toolset.name}" is defined twice` });
			}
			paths.push(toolset.path);
			names.push(toolset.name);
		});
		if (config.admin) {
			if (paths.includes(config.admin.path)) {
				ctx.addIssue({ code: 'custom', path: ['admin', 'path'], message: `MCP path "${config.admin.path}" is already used` });
			}
			if (config.admin.bearer === config.credentials.bearer) {
				ctx.addIssue({ code: 'custom', path: ['admin', 'bearer'], message: `the admin endpoint needs a Bearer credential of its own, not the tools endpoint's "${config.credentials.bearer}"` });
			}
			if (new Set(config.admin.tools).size !== config.admin.tools.length) {
				ctx.addIssue({ code: 'custom', path: ['admin', 'tools'], message: 'a tool is listed twice' });
			}
			paths.push(config.admin.path);
		}
		// n8n's Data table node finds a table by a name it contains: neither store's name may hold the other's.
		const [creates, approvals] = [config.creates.table, config.approvals?.table];
		if (approvals !== undefined && (creates.includes(approvals) || approvals.includes(creates))) {
			ctx.addIssue({ code: 'custom', path: ['approvals', 'table'], message: `"${approvals}" and the table "${creates}" (creates.table) must not contain one another: n8n finds a data table by a name it contains, so a workflow could use the wrong one` });
		}
		if (config.approvals && paths.includes(config.approvals.pagePath)) {
			ctx.addIssue({ code: 'custom', path: ['approvals', 'pagePath'], message: `path "${config.approvals.pagePath}" is already an MCP path` });
		}
	});
export type HermesConfig = z.infer<typeof ConfigSchema>;

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** What a project config file holds: any subset of the keys, merged over the built-in default. */
export type ConfigInput = DeepPartial<z.input<typeof ConfigSchema>>;
