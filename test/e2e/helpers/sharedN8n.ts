/**
 * One n8n boot for several suites of one jest file, run one after another: each suite's stack
 * leases it, and its stop, instead of stopping n8n, deletes everything the suite left through the
 * public API (workflows, credentials, data tables). The next suite meets the n8n a boot gives:
 * the same owner, API key and processes, no workflow, credential or table. Executions stay; every
 * suite counts only those after a mark of its own.
 */
import type { N8nHandle } from '../../harness/n8n';
import { api, type N8nApi } from './n8nRest';

export interface SharedN8n<H extends N8nHandle> {
	/** Boots n8n on the first lease; each lease's stop() empties n8n for the next one. */
	lease(): Promise<H>;
	/** Stops n8n itself (the jest file's afterAll). */
	stop(): Promise<void>;
}

/** Every item of a public API list, page by page. */
async function listAll<T>(n8n: N8nApi, path: string): Promise<T[]> {
	const items: T[] = [];
	let cursor: string | undefined;
	do {
		const query = new URLSearchParams({ limit: '250', ...(cursor ? { cursor } : {}) });
		const page = await api<{ data: T[]; nextCursor?: string | null }>(n8n, 'GET', `${path}?${query.toString()}`);
		items.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return items;
}

/** n8n 2.41 unpublishes in the background and answers a delete meanwhile with 409 "still being unpublished". */
async function deleteWorkflow(n8n: N8nApi, id: string, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			await api(n8n, 'DELETE', `/workflows/${id}`);
			return;
		} catch (error) {
			if (!/-> 409: .*still being unpublished/s.test(String(error)) || Date.now() > deadline) throw error;
			await new Promise((done) => setTimeout(done, 200));
		}
	}
}

/** Deletes every workflow (unpublished first), credential and data table n8n holds. */
export async function emptyN8n(n8n: N8nApi): Promise<void> {
	const workflows = await listAll<{ id: string; active: boolean }>(n8n, '/workflows');
	await Promise.all(workflows.filter((w) => w.active).map((w) => api(n8n, 'POST', `/workflows/${w.id}/deactivate`)));
	await Promise.all(workflows.map((w) => deleteWorkflow(n8n, w.id)));
	const credentials = await listAll<{ id: string }>(n8n, '/credentials');
	await Promise.all(credentials.map((c) => api(n8n, 'DELETE', `/credentials/${c.id}`)));
	const tables = await listAll<{ id: string }>(n8n, '/data-tables');
	await Promise.all(tables.map((t) => api(n8n, 'DELETE', `/data-tables/${t.id}`)));
}

export function sharedN8n<H extends N8nHandle>(start: () => Promise<H>): SharedN8n<H> {
	let booted: Promise<H> | undefined;
	return {
		lease: async () => {
			const n8n = await (booted ??= start());
			return { ...n8n, stop: () => emptyN8n(n8n) };
		},
		stop: async () => {
			const n8n = await booted?.catch(() => undefined);
			await n8n?.stop();
		},
	};
}
