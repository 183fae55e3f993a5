/** Everything `generate` writes, as file name -> content, for a catalogue and a config. */
import type { ToolSpec } from '../toolSpec/schema';
import type { HermesConfig, ToolKind } from '../config';
import { ConfigError } from '../config';
import { adminTools } from '../admin/tools';
import { adminSubWorkflowFileName, buildAdminSubWorkflow, buildAdminWorkflow } from '../admin/workflows';
import { buildApprovalGate } from '../approvals/gate';
import { APPROVAL_PAGE_FILE, gatedToolParameters, gatedTools, gateWorkflowFileName, gateWorkflowName } from '../approvals/gatedTools';
import { buildApprovalPage } from '../approvals/page';
import { createTools, onceToolParameters, onceWorkflowFileName } from '../creates/createTools';
import { buildOnceWorkflow } from '../creates/onceWorkflow';
import { buildGatewayWorkflows, gatewayWorkflowFileName } from '../builders/gatewayWorkflows';
import { buildManifest, type Manifest } from '../builders/manifest';
import { buildMcpWorkflow, parameterLookup } from '../builders/mcpWorkflow';
import { toJson, type JsonObject, type Workflow } from '../builders/n8nTypes';

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

export function toolsetTools(catalogue: readonly ToolSpec[], names: string[] | ToolKind, toolset: string): ToolSpec[] {
	if (typeof names === 'string') {
		const readOnly = names === 'readOnly';
		const tools = catalogue.filter((t) => t.readOnly === readOnly);
		if (tools.length === 0) throw new ConfigError(`Toolset "${toolset}" takes the ${names} tools, and the catalogue has none:`, [`declare a tool's kind with readOnly in its catalogue file`]);
		return tools;
	}
	const unknown = names.filter((n) => !catalogue.some((t) => t.name === n));
	if (unknown.length > 0) {
		throw new ConfigError(`Toolset "${toolset}" names tools that are not in the catalogue:`, unknown);
	}
	// Keep the catalogue order, whatever order the toolset lists them in.
	return catalogue.filter((t) => names.includes(t.name));
}

function mcpFiles(file: string, manifestFile: string, name: string, path: string, tools: readonly ToolSpec[], config: HermesConfig, gated: ReadonlyMap<string, JsonObject>, once: ReadonlyMap<string, JsonObject>): GeneratedFile[] {
	const workflow = buildMcpWorkflow({ name, path, tools, gated, once }, config);
	const gates = new Map([...gated.keys()].map((tool) => [tool, gateWorkflowName(tool, config)]));
	const manifest = buildManifest(workflow, tools, gates);
	return [jsonFile(file, workflow, { workflow, manifest, tools: tools.length }), jsonFile(manifestFile, manifest, { manifest })];
}

export function generateAll(catalogue: readonly ToolSpec[], config: HermesConfig): GeneratedFile[] {
	const gated = gatedTools(catalogue, config);
	const gatedNodes = new Map(gated.map((tool) => [tool.name, gatedToolParameters(tool, config, parameterLookup(tool, config))]));
	const creating = createTools(catalogue, config, gated.map((t) => t.name));
	const onceNodes = new Map(creating.map((tool) => [tool.name, onceToolParameters(tool, config)]));
	const files = mcpFiles(MAIN_FILE, MAIN_MANIFEST_FILE, config.workflowName, config.mcpPath, catalogue, config, gatedNodes, onceNodes);
	const seen = new Set<string>();
	for (const toolset of config.toolsets) {
		if (seen.has(toolset.name)) throw new ConfigError(`Toolset "${toolset.name}" is defined twice`);
		seen.add(toolset.name);
		const tools = toolsetTools(catalogue, toolset.tools, toolset.name);
		files.push(
			...mcpFiles(
				`hermes-mcp-tools.${toolset.name}.json`,
				`hermes-mcp-tools.${toolset.name}.index.json`,
				`${config.workflowName} - ${toolset.name}`,
				toolset.path,
				tools,
				config,
				gatedNodes,
				onceNodes,
			),
		);
	}
	for (const { gateway, workflow } of buildGatewayWorkflows(config)) {
		files.push(jsonFile(gatewayWorkflowFileName(gateway), workflow, { workflow }));
	}
	for (const tool of gated) {
		const workflow = buildApprovalGate(tool, config, parameterLookup(tool, config));
		files.push(jsonFile(gateWorkflowFileName(tool.name), workflow, { workflow }));
	}
	for (const tool of creating) {
		const workflow = buildOnceWorkflow(tool, config);
		files.push(jsonFile(onceWorkflowFileName(tool.name), workflow, { workflow }));
	}
	if (config.admin) {
		const workflow = buildAdminWorkflow(config.admin);
		const manifest = buildManifest(workflow, []);
		files.push(jsonFile(ADMIN_FILE, workflow, { workflow, manifest, tools: workflow.nodes.length - 1 }), jsonFile(ADMIN_MANIFEST_FILE, manifest, { manifest }));
		for (const tool of adminTools(config.admin)) {
			const sub = buildAdminSubWorkflow(tool, config.admin, config);
			files.push(jsonFile(adminSubWorkflowFileName(tool), sub, { workflow: sub }));
		}
	}
	if (config.approvals) {
		const workflow = buildApprovalPage(config);
		files.push(jsonFile(APPROVAL_PAGE_FILE, workflow, { workflow }));
	}
	return files;
}
