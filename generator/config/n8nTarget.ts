/**
 * The n8n line a deployment runs (`n8nVersion`): what the generator emits differs where n8n's own
 * nodes differ, and a setting that cannot work on a line is refused with the reason. Measured on
 * n8n 1.123.81 (the newest 1.x) and 2.41.1; see the README's compatibility table.
 */
export const N8N_VERSIONS = ['2.x', '1.x'] as const;
export type N8nVersion = (typeof N8N_VERSIONS)[number];

export interface N8nTarget {
	/**
	 * The newest MCP Trigger typeVersion the line has (1.123's goes up to 2). 2.1 hands the tools
	 * `{ body, headers }` as their input item, 2 the request body itself: the agent-arguments check
	 * reads the call from either (builders/agentArguments.ts).
	 */
	mcpTriggerVersion: number;
	/**
	 * Whether a sub-workflow (started only by an Execute Workflow Trigger) is published: 2.x runs
	 * only published sub-workflows; 1.x refuses to activate one ("has no node to start the
	 * workflow") and runs its saved version when called.
	 */
	publishesSubWorkflows: boolean;
	/**
	 * Whether the line's Data Table node (1.1) and Crypto node (2) are there: the approval store and
	 * the create store need both; 1.x has Data Table 1 and Crypto 1 only.
	 */
	dataTableStores: boolean;
}

export const N8N_TARGETS: Readonly<Record<N8nVersion, N8nTarget>> = {
	'2.x': { mcpTriggerVersion: 2.1, publishesSubWorkflows: true, dataTableStores: true },
	'1.x': { mcpTriggerVersion: 2, publishesSubWorkflows: false, dataTableStores: false },
};

/** A config setting a line cannot run, with why and what to use instead. */
export interface N8nRefusal {
	path: string[];
	message: string;
}

/** Settings n8n 1.x cannot run: each names the node it lacks. */
export function refusedOn(version: N8nVersion, config: { odooMode: string; approvals?: unknown }): N8nRefusal[] {
	if (version !== '1.x') return [];
	const refusals: N8nRefusal[] = [];
	if (config.odooMode !== 'hermes') {
		refusals.push({
			path: ['odooMode'],
			message:
				"n8n 1.x's Odoo node has version 1 only, which misreads the version 2 parameters the native Odoo tools are written with (the model as a resource locator, the field mapper): on n8n 1.123.81 every call fails (model '[object Object]', no field written). Set odooMode: 'hermes' (the Hermes Odoo node runs on 1.x)",
		});
	}
	if (config.approvals !== undefined && !N8N_TARGETS[version].dataTableStores) {
		refusals.push({
			path: ['approvals'],
			message: "approvals need n8n's Data Table node 1.1 and Crypto node 2; n8n 1.x has Data Table 1 and Crypto 1 only: leave approvals out, or target n8nVersion: '2.x'",
		});
	}
	return refusals;
}
