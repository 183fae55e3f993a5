/**
 * Finding a workflow by its exact name. n8n's `GET /workflows?name=` is a case-insensitive
 * SUBSTRING match ("Hermes MCP Tools" also returns "Hermes MCP Tools - ops"), and it lists
 * archived workflows, which cannot be updated: both are filtered out here.
 */
import { HermesError } from '../errors';
import type { N8nApi, LiveWorkflow } from './client';

export class AmbiguousNameError extends HermesError {
	constructor(
		readonly workflowName: string,
		readonly ids: string[],
	) {
		super(
			`${ids.length} workflows in n8n are named exactly "${workflowName}" (ids ${ids.join(', ')}); push cannot tell which one to update.`,
			'rename or archive the extra ones in n8n, then run again',
			'n8n',
		);
	}
}

type Named = Pick<LiveWorkflow, 'id' | 'name' | 'isArchived'>;

/** The one non-archived workflow named exactly `name`, undefined if none; throws if several. */
export function exactMatch<T extends Named>(candidates: readonly T[], name: string): T | undefined {
	const matches = candidates.filter((c) => c.name === name && c.isArchived !== true);
	if (matches.length > 1) throw new AmbiguousNameError(name, matches.map((m) => m.id));
	return matches[0];
}

export async function findWorkflowByName(client: N8nApi, name: string): Promise<LiveWorkflow | undefined> {
	return exactMatch(await client.listWorkflows(name), name);
}

/** Each named workflow as n8n holds it, by exact name (undefined when absent), in the order given. */
export async function findWorkflowsByName(client: N8nApi, names: readonly string[]): Promise<Map<string, LiveWorkflow | undefined>> {
	const lives = new Map<string, LiveWorkflow | undefined>();
	for (const name of names) lives.set(name, await findWorkflowByName(client, name));
	return lives;
}
