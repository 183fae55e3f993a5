/** Everything `generate` writes, as file name -> content, for a catalogue and a config. */
import type { ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import { APPROVAL_PAGE_FILE, gatedTools, gateWorkflowFileName, gateWorkflowName } from '../approvals/gatedTools';
import { buildApprovalGate } from './approvalGate';
import { buildApprovalPage } from './approvalPage';
import { buildGatewayWorkflows, gatewayWorkflowFileName } from './gatewayWorkflows';
import { buildManifest } from './manifest';
import { buildMcpWorkflow, parameterLookup } from './mcpWorkflow';
import type { Workflow } from './n8nTypes';
import { toJson } from './serialize';

export const MAIN_FILE = 'hermes-mcp-tools.json';
export const MAIN_MANIFEST_FILE = 'hermes-mcp-tools.index.json';

export interface GeneratedFile {
	file: string;
	content: string;
	/** Parsed form, for summaries and tests. */
	workflow?: Workflow;
	tools?: number;
}

export function toolsetTools(catalogue: readonly ToolSpec[], names: string[], toolset: string): ToolSpec[] {
	const unknown = names.filter((n) => !catalogue.some((t) => t.name === n));
	if (unknown.length > 0) {
		throw new ConfigError(`Toolset "${toolset}" names tools that are not in the catalogue:`, unknown);
	}
	// Keep the catalogue order, whatever order the toolset lists them in.
	return catalogue.filter((t) => names.includes(t.name));
}

function mcpFiles(file: string, manifestFile: string, name: string, path: string, tools: readonly ToolSpec[], config: HermesConfig, gated: readonly string[]): GeneratedFile[] {
	const workflow = buildMcpWorkflow({ name, path, tools, gated }, config);
	const gates = new Map(gated.map((tool) => [tool, gateWorkflowName(tool, config)]));
	return [
		{ file, content: toJson(workflow), workflow, tools: tools.length },
		{ file: manifestFile, content: toJson(buildManifest(workflow, tools, gates)) },
	];
}

export function generateAll(catalogue: readonly ToolSpec[], config: HermesConfig): GeneratedFile[] {
	const gated = gatedTools(catalogue, config);
	const gatedNames = gated.map((t) => t.name);
	const files = mcpFiles(MAIN_FILE, MAIN_MANIFEST_FILE, config.workflowName, config.mcpPath, catalogue, config, gatedNames);
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
				gatedNames,
			),
		);
	}
	for (const { gateway, workflow } of buildGatewayWorkflows(config)) {
		files.push({ file: gatewayWorkflowFileName(gateway), content: toJson(workflow), workflow });
	}
	for (const tool of gated) {
		const workflow = buildApprovalGate(tool, config, parameterLookup(tool, config));
		files.push({ file: gateWorkflowFileName(tool.name), content: toJson(workflow), workflow });
	}
	if (config.approvals) {
		const workflow = buildApprovalPage(config);
		files.push({ file: APPROVAL_PAGE_FILE, content: toJson(workflow), workflow });
	}
	return files;
}
