/** Everything `generate` writes, as file name -> content, for a catalogue and a config. */
import type { ToolSpec } from '../toolSpec/schema';
import type { HermesConfig, ToolKind } from '../config';
import { ConfigError } from '../config';
import { adminTools } from '../admin/tools';
import { adminSubWorkflowFileName, buildAdminSubWorkflow, buildAdminWorkflow } from '../admin/workflows';
import { APPROVAL_PAGE_FILE, gateWorkflowName } from '../approvals/gatedTools';
import { buildApprovalPage } from '../approvals/page';
import { GUARDS, guardOf } from './guards';
import { buildGatewayWorkflows, gatewayWorkflowFileName } from '../builders/gatewayWorkflows';
import { buildManifest, type Manifest } from '../builders/manifest';
import { buildMcpWorkflow } from '../builders/mcpWorkflow';
import { toJson, type Workflow } from '../builders/n8nTypes';
import { planTools, type ToolPlan } from '../plan';

export const MAIN_FILE = 'hermes-mcp-tools.json';
export const MAIN_MANIFEST_FILE = 'hermes-mcp-tools.index.json';
export const ADMIN_FILE = 'hermes-mcp-admin.json';
export const ADMIN_MANIFEST_FILE = 'hermes-mcp-admin.index.json';

export interface GeneratedFile {
	file: string;
	/** The text written to disk, serialised on first read (push and the tests use the objects). */
	readonly content: string;
	/** The workflow this file holds. */
	workflow?: Workflow;
	/** The node-index manifest: of this MCP tools workflow, or the one this manifest file holds. */
	manifest?: Manifest;
	tools?: number;
}

/** A file of the output: its objects, and its JSON text once someone reads `content`. */
export function jsonFile(file: string, value: unknown, parts: Omit<GeneratedFile, 'file' | 'content'> = {}): GeneratedFile {
	let text: string | undefined;
	return {
		file,
		...parts,
		get content() {
			return (text ??= toJson(value));
		},
	};
}

/** A toolset's tools (or their plans), in catalogue order. */
export function toolsetTools<T extends ToolSpec | ToolPlan>(items: readonly T[], names: string[] | ToolKind, toolset: string): T[] {
	const spec = (item: T): ToolSpec => ('tool' in item ? item.tool : item);
	if (typeof names === 'string') {
		const readOnly = names === 'readOnly';
		const tools = items.filter((t) => spec(t).readOnly === readOnly);
		if (tools.length === 0) throw new ConfigError(`Toolset "${toolset}" takes the ${names} tools, and the catalogue has none:`, [`declare a tool's kind with readOnly in its catalogue file`]);
		return tools;
	}
	const unknown = names.filter((n) => !items.some((t) => spec(t).name === n));
	if (unknown.length > 0) throw new ConfigError(`Toolset "${toolset}" names tools that are not in the catalogue:`, unknown);
	// Keep the catalogue order, whatever order the toolset lists them in.
	return items.filter((t) => names.includes(spec(t).name));
}

function mcpFiles(file: string, manifestFile: string, name: string, path: string, plans: readonly ToolPlan[], config: HermesConfig): GeneratedFile[] {
	// A guarded tool's toolWorkflow calls its guard's workflow.
	const wrapper = (plan: ToolPlan) => guardOf(plan)!.toolParameters(plan, config);
	const workflow = buildMcpWorkflow({ name, path, tools: plans, wrapper }, config);
	const gates = new Map(plans.filter((p) => p.gated).map((p) => [p.tool.name, gateWorkflowName(p.tool.name, config)]));
	const manifest = buildManifest(workflow, plans.map((p) => p.tool), gates);
	return [jsonFile(file, workflow, { workflow, manifest, tools: plans.length }), jsonFile(manifestFile, manifest, { manifest })];
}

const workflowFile = (file: string, workflow: Workflow): GeneratedFile => jsonFile(file, workflow, { workflow });

export function generateAll(catalogue: readonly ToolSpec[], config: HermesConfig): GeneratedFile[] {
	const plans = planTools(catalogue, config);
	const files = mcpFiles(MAIN_FILE, MAIN_MANIFEST_FILE, config.workflowName, config.mcpPath, plans, config);
	const seen = new Set<string>();
	for (const toolset of config.toolsets) {
		if (seen.has(toolset.name)) throw new ConfigError(`Toolset "${toolset.name}" is defined twice`);
		seen.add(toolset.name);
		files.push(...mcpFiles(`hermes-mcp-tools.${toolset.name}.json`, `hermes-mcp-tools.${toolset.name}.index.json`, `${config.workflowName} - ${toolset.name}`, toolset.path, toolsetTools(plans, toolset.tools, toolset.name), config));
	}
	for (const { gateway, workflow } of buildGatewayWorkflows(config)) files.push(workflowFile(gatewayWorkflowFileName(gateway), workflow));
	for (const guard of GUARDS) for (const plan of plans.filter((p) => p.wiring === guard.wiring)) files.push(workflowFile(guard.fileName(plan.tool.name), guard.build(plan, config)));
	if (config.admin) {
		const workflow = buildAdminWorkflow(config.admin);
		const manifest = buildManifest(workflow, []);
		files.push(jsonFile(ADMIN_FILE, workflow, { workflow, manifest, tools: workflow.nodes.length - 1 }), jsonFile(ADMIN_MANIFEST_FILE, manifest, { manifest }));
		for (const tool of adminTools(config.admin)) files.push(workflowFile(adminSubWorkflowFileName(tool), buildAdminSubWorkflow(tool, config.admin, config)));
	}
	if (config.approvals) files.push(workflowFile(APPROVAL_PAGE_FILE, buildApprovalPage(config)));
	return files;
}
