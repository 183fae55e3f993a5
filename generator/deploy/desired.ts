/**
 * The workflows push/pull/diff/lint --live work on: generated in memory from the catalogue and
 * a deployment config (the same input `generate` writes to workflows/), each with its manifest.
 */
import { publicUrlNotice } from '../approvals/publicUrl';
import { endpointSpecs, type EndpointSpec } from '../agentConfig/endpoints';
import type { DataTableSpec } from '../dataTables/dataTableNode';
import { GUARDS } from '../project/guards';
import type { Manifest } from '../builders';
import type { HermesConfig } from '../config';
import { HermesError } from '../errors';
import { generateAll, loadProject, type Project } from '../project';
import type { Workflow } from '../builders/n8nTypes';
import { BodyError, workflowBody } from '../n8nClient/body';
import { planTools } from '../plan';
import { workflowReferences } from './wiring';

export interface DesiredWorkflow {
	/** File name `generate` gives it (pull writes the live copy under the same name). */
	file: string;
	body: Workflow;
	/** Node-index manifest of an MCP tools workflow. */
	manifest?: Manifest;
}

/** Everything push deploys: the workflows and the data tables they use. */
export interface DesiredDeployment {
	workflows: DesiredWorkflow[];
	dataTables: DataTableSpec[];
	/** The MCP endpoints these workflows serve. */
	endpoints: EndpointSpec[];
	/** What push tells the operator about the config before it deploys (one line each). */
	notices?: string[];
}

export function desiredDeployment(configPath?: string): DesiredDeployment {
	return deploymentOf(loadProject(configPath));
}

/** The deployment of a loaded project (or of a config and catalogue given in memory). */
export function deploymentOf(project: Pick<Project, 'config' | 'tools'>): DesiredDeployment {
	return {
		workflows: workflowsOf(project),
		dataTables: desiredDataTables(project),
		endpoints: endpointSpecs(project.tools, project.config),
		notices: deploymentNotices(project.config),
	};
}

export function deploymentNotices(config: Pick<HermesConfig, 'approvals'>): string[] {
	const notice = publicUrlNotice(config.approvals?.publicUrl);
	return notice ? [notice] : [];
}

export function desiredWorkflows(configPath?: string): DesiredWorkflow[] {
	return workflowsOf(loadProject(configPath));
}

/** The data tables the workflows use: each guard's store (project/guards.ts). */
export function desiredDataTables(project: { config: HermesConfig; tools: Project['tools'] }): DataTableSpec[] {
	const plans = planTools(project.tools, project.config);
	return GUARDS.flatMap((guard) => guard.stores(project.config, plans));
}

/** The workflows of a loaded project (or of a config and catalogue given in memory). */
export function workflowsOf(project: Pick<Project, 'config' | 'tools'>): DesiredWorkflow[] {
	return generateAll(project.tools, project.config)
		.filter((f) => f.workflow !== undefined)
		.map((f) => {
			const { body, dropped } = workflowBody(f.workflow);
			if (dropped.length > 0) throw new BodyError(dropped.map((key) => `${f.file}: ${key} is not accepted by the n8n API`));
			return { file: f.file, body, ...(f.manifest !== undefined ? { manifest: f.manifest } : {}) };
		});
}

export class DependencyCycleError extends HermesError {
	constructor(names: string[]) {
		super(
			`workflows call each other in a cycle: ${names.join(', ')}; push cannot tell which to create first`,
			'regenerate the workflows from the catalogue, or report this if they were generated unchanged',
			'input',
		);
	}
}

/**
 * Called workflows before their callers (gateways before the MCP tools workflow), otherwise in
 * the given order. References to workflows outside the set (the content pipeline) do not order.
 */
export function dependencyOrder<T extends { body: Workflow }>(items: readonly T[]): T[] {
	const byName = new Map(items.map((item) => [item.body.name, item]));
	const needs = new Map(
		items.map((item) => [
			item.body.name,
			new Set(workflowReferences(item.body).map((r) => r.workflow).filter((n) => byName.has(n) && n !== item.body.name)),
		]),
	);
	const ordered: T[] = [];
	const done = new Set<string>();
	while (ordered.length < items.length) {
		const next = items.find((item) => !done.has(item.body.name) && [...needs.get(item.body.name)!].every((n) => done.has(n)));
		if (!next) throw new DependencyCycleError(items.filter((i) => !done.has(i.body.name)).map((i) => i.body.name));
		ordered.push(next);
		done.add(next.body.name);
	}
	return ordered;
}
