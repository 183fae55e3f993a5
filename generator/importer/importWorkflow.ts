/**
 * An MCP tool workflow -> catalogue ToolSpecs, the deployment config it implies, and a list of
 * the tools that could not be mapped with the reason (never dropped silently).
 */
import { credentialTypeText, hermesOdooCredentialText } from '../contracts';

import { TRIGGER_NAME } from '../builders';
import { NODE_TYPES } from '../builders/n8nTypes';
import { readsOnly, ToolSpecSchema, type GatewayTarget, type OdooTarget, type ToolSpec } from '../toolSpec/schema';
import { type HermesConfig, parseConfig } from '../config';
import { DEFAULT_MCP_PATH } from '../config/defaults';
import { collectFromAiCalls } from '../fromAi';
import { MAX_TOOL_NAME_LENGTH } from '../lint/core';
import { applyDirectSettings, directGatewayOf, mapDirectGatewayNode } from './directGateway';
import { applyHermesOdooSettings, hermesOdooPrefix, mapHermesOdooNode } from './hermesOdoo';
import { mapOdooNode, mapToolWorkflowNode, N8N_ODOO_TOOL, type RawNode, type ToolDraft } from './mapNodes';
import { onceWorkflowOf, unwrapOnce, type SubWorkflowReader } from './createOnce';
import { mcpWorkflowParts } from './readWorkflow';
import { UnmappableError } from './values';
import { rebuildDifferences, unexpressibleSettings } from './verify';

export interface ImportProblem {
	tool: string;
	reason: string;
}

export interface ImportResult {
	workflowName: string;
	tools: ToolSpec[];
	problems: ImportProblem[];
	/** Non-tool nodes left out (sticky notes ...). */
	ignoredNodes: string[];
	notes: string[];
	/** Config keys whose value in the workflow differs from the config used. */
	configOverrides: Partial<HermesConfig>;
	config: HermesConfig;
}

const TOOL_WORKFLOW = '@n8n/n8n-nodes-langchain.toolWorkflow';
const MAX_PATHS = 6;
const TOOL_NAME = new RegExp(`^[a-z][a-z0-9_]{0,${MAX_TOOL_NAME_LENGTH - 1}}$`);

function credentialName(node: RawNode, type: string): string | undefined {
	const credentials = node.credentials as Record<string, { name?: unknown }> | undefined;
	const name = credentials?.[type]?.name;
	return typeof name === 'string' && name.length > 0 ? name : undefined;
}

/** The config this workflow was built with, as far as the workflow shows it. */
function impliedConfig(
	base: HermesConfig,
	workflowName: string,
	trigger: RawNode,
	tools: RawNode[],
	notes: string[],
): HermesConfig {
	const implied: HermesConfig = JSON.parse(JSON.stringify(base)) as HermesConfig;
	if (workflowName) implied.workflowName = workflowName;
	const path = trigger.parameters?.path;
	if (typeof path === 'string' && path) implied.mcpPath = path;
	implied.credentials.bearer = credentialName(trigger, 'httpBearerAuth') ?? implied.credentials.bearer;
	const odoo = tools.find((n) => n.type === N8N_ODOO_TOOL);
	const auth = odoo?.parameters?.authentication;
	// The Hermes Odoo credential takes the n8n Odoo credential's login and name.
	if (odoo && (auth === 'odooApi' || auth === 'odooApiKeyApi')) {
		implied.odooCredentialType = auth;
		const name = credentialName(odoo, auth);
		if (name) implied.credentials.odoo = name;
		notes.push(
			`The Odoo tools use n8n's own Odoo node; the generated ones run the Hermes Odoo node, which needs ${hermesOdooCredentialText(auth, implied.credentials.odoo, `the Odoo node's ${credentialTypeText(auth)} credential`)}.`,
		);
	}
	applyHermesOdooSettings(implied, tools);
	if (trigger.typeVersion !== NODE_TYPES.mcpTrigger.typeVersion) {
		notes.push(`The MCP trigger is typeVersion ${String(trigger.typeVersion)}; the generated one is ${NODE_TYPES.mcpTrigger.typeVersion}, for n8n 2.x.`);
	}
	const employee = tools
		.flatMap((n) => (n.type === N8N_ODOO_TOOL || hermesOdooPrefix(n.type) !== undefined ? safeCalls(n.parameters) : []))
		.find((c) => c.key === 'employee_id' && typeof c.defaultValue === 'number');
	if (employee) implied.employeeId = employee.defaultValue as number;
	applyDirectSettings(implied, tools);
	if (trigger.name !== TRIGGER_NAME) {
		notes.push(`The MCP trigger is named "${trigger.name}"; the generated one is named "${TRIGGER_NAME}".`);
	}
	if (trigger.parameters?.authentication !== 'bearerAuth') {
		notes.push('The MCP trigger has no Bearer authentication; the generated workflow requires a Bearer token.');
	}
	const result = settleConfig(implied);
	if (result instanceof Error) {
		notes.push(`The workflow's own settings do not form a valid config (${result.message}); the given config is used.`);
		return base;
	}
	return result;
}

function settleConfig(config: HermesConfig): HermesConfig | Error {
	try {
		return parseConfig(config, 'config implied by the workflow');
	} catch (error) {
		return error as Error;
	}
}

function safeCalls(parameters: unknown) {
	try {
		return collectFromAiCalls(parameters);
	} catch {
		return [];
	}
}

/** Top-level keys (one level into credentials) whose values differ. */
function overrides(base: HermesConfig, implied: HermesConfig): Partial<HermesConfig> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(implied)) {
		if (JSON.stringify(value) !== JSON.stringify((base as Record<string, unknown>)[key])) out[key] = value;
	}
	// Off the default path a config left without names gets names of its path: write the
	// workflow's own, so the written config generates what the workflow calls.
	if (implied.mcpPath !== DEFAULT_MCP_PATH) Object.assign(out, { workflowName: implied.workflowName, gatewayWorkflows: implied.gatewayWorkflows });
	return out as Partial<HermesConfig>;
}

function sensitivityFrom(manifest: unknown): Map<string, boolean> {
	const entries = (manifest as { tools?: unknown })?.tools;
	if (!Array.isArray(entries)) return new Map();
	return new Map(
		entries
			.filter((e): e is { tool: string; sensitive: boolean } => typeof e?.tool === 'string' && typeof e?.sensitive === 'boolean')
			.map((e) => [e.tool, e.sensitive]),
	);
}

function draftOf(node: RawNode, sensitive: boolean, config: HermesConfig): ToolDraft {
	if (node.type === N8N_ODOO_TOOL) return mapOdooNode(node, sensitive);
	if (node.type === TOOL_WORKFLOW) return mapToolWorkflowNode(node, sensitive, config);
	if (hermesOdooPrefix(node.type) !== undefined) return mapHermesOdooNode(node, sensitive);
	const direct = directGatewayOf(node.type);
	if (direct) return mapDirectGatewayNode(node, direct.gateway, sensitive);
	throw new UnmappableError(
		`node type ${node.type} has no catalogue equivalent (the catalogue builds ${N8N_ODOO_TOOL}, ${TOOL_WORKFLOW}, and the Hermes Odoo and gateway tool nodes)`,
	);
}

/** A workflow does not say which tools only read: the node's operations do. A malformed target reads as changing (zod then says why). */
function draftReadsOnly(draft: ToolDraft): boolean {
	try {
		return readsOnly(draft.target as OdooTarget | GatewayTarget);
	} catch {
		return false;
	}
}

/** One tool node -> a spec the generator rebuilds exactly, or the reason it cannot be. */
function importTool(node: RawNode, sensitive: boolean, config: HermesConfig, readSub: SubWorkflowReader | undefined): ToolSpec | string {
	if (node.disabled === true) {
		return 'disabled: n8n does not serve a disabled tool (and before nodes-langchain 2.21.5 it routes the tools after it to the wrong node); delete the node, or enable it, then import';
	}
	if (!TOOL_NAME.test(node.name)) {
		return `tool name "${node.name}" is not lower snake_case (${TOOL_NAME.source}), which the catalogue requires so n8n serves it unchanged; rename the node`;
	}
	const settings = unexpressibleSettings(node).filter((k) => k !== 'disabled');
	if (settings.length > 0) return `node settings the catalogue cannot express: ${settings.join(', ')}`;
	let draft: ToolDraft;
	try {
		const onceName = node.type === TOOL_WORKFLOW ? onceWorkflowOf(node, config) : undefined;
		draft = draftOf(onceName ? unwrapOnce(node, onceName, config, readSub) : node, sensitive, config);
	} catch (error) {
		if (error instanceof UnmappableError) return error.message;
		return `cannot read the node: ${(error as Error).message}`;
	}
	const parsed = ToolSpecSchema.safeParse({ ...draft, readOnly: draftReadsOnly(draft) });
	if (!parsed.success) {
		return `not a valid catalogue tool: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(tool)'}: ${i.message}`).join('; ')}`;
	}
	const diff = rebuildDifferences(node, parsed.data, config);
	if (diff.length > 0) {
		const shown = diff.slice(0, MAX_PATHS).join(', ') + (diff.length > MAX_PATHS ? `, ... (${diff.length} in all)` : '');
		return `parameters the catalogue cannot express (the generated node would differ at ${shown})`;
	}
	return parsed.data;
}

export function importWorkflow(raw: unknown, file: string, base: HermesConfig, manifest?: unknown, readSub?: SubWorkflowReader): ImportResult {
	const parts = mcpWorkflowParts(raw, file);
	const notes: string[] = [];
	const config = impliedConfig(base, parts.name, parts.trigger, parts.tools, notes);
	const sensitivity = sensitivityFrom(manifest);
	const tools: ToolSpec[] = [];
	const problems: ImportProblem[] = [];
	for (const node of parts.tools) {
		const description = String(node.parameters?.toolDescription ?? node.parameters?.description ?? '');
		const sensitive = sensitivity.get(node.name) ?? /\bsensitive\b/i.test(description);
		const result = importTool(node, sensitive, config, readSub);
		if (typeof result === 'string') problems.push({ tool: node.name, reason: result });
		else tools.push(result);
	}
	for (const node of parts.unwiredTools) {
		problems.push({ tool: node.name, reason: 'not wired into the MCP Server Trigger (ai_tool): not a tool of this workflow' });
	}
	return {
		workflowName: parts.name,
		tools,
		problems,
		ignoredNodes: parts.otherNodes.map((n) => `${n.name} (${n.type})`),
		notes,
		configOverrides: overrides(base, config),
		config,
	};
}
