/**
 * Each model's field types, read once per credential and model for the life of the process
 * (like the login: a module installed later needs a restart or another credential). A failed
 * read is not kept, so the next call asks again.
 */
import { cachedOutcome, callOdoo, type OdooOutcome } from '../transport/session';
import type { HttpPost, OdooConnection } from '../../../core/odoo/types';
import type { OdooFields } from './values';

const cache = new Map<string, Promise<OdooOutcome>>();

function cacheKey(connection: OdooConnection, model: string): string {
	return JSON.stringify([connection.protocol, connection.url, connection.db, connection.username ?? '', connection.password ?? '', connection.apiKey ?? '', model]);
}

/** Forgets every model's fields (tests). */
export function forgetFieldTypes(): void {
	cache.clear();
}

export async function fieldTypes(http: HttpPost, connection: OdooConnection, model: string): Promise<{ ok: true; value: OdooFields } | Extract<OdooOutcome, { ok: false }>> {
	const outcome = await cachedOutcome(cache, cacheKey(connection, model), async () =>
		await callOdoo(http, connection, { model, method: 'fields_get', kwargs: { attributes: ['type', 'string', 'relation'] }, readOnly: true }),
	);
	if (!outcome.ok) return outcome;
	const fields = outcome.value;
	return { ok: true, value: typeof fields === 'object' && fields !== null ? (fields as OdooFields) : {} };
}
