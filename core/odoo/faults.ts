/**
 * Odoo's failures as the transport sees them: an exception the server raised and serialised
 * (`OdooFault`, with Odoo's own exception name and message), or no usable answer at all
 * (`OdooTransportError`: nothing reached Odoo, it did not answer in time, or something that is
 * not Odoo answered).
 */

export class OdooFault extends Error {
	constructor(
		/** Odoo's exception name, e.g. `odoo.exceptions.MissingError`. */
		readonly odooName: string,
		message: string,
	) {
		super(message);
		this.name = 'OdooFault';
	}
}

type OdooTransportFault = 'unreachable' | 'timeout' | 'not_odoo';

export class OdooTransportError extends Error {
	constructor(
		readonly kind: OdooTransportFault,
		message: string,
		/** False when the request cannot have reached Odoo (connection refused, unknown host). */
		readonly mayHaveRun = true,
	) {
		super(message);
		this.name = 'OdooTransportError';
	}
}

export const ACCESS_DENIED = 'odoo.exceptions.AccessDenied';

/** A JSON-RPC `error` member (`{code, message, data: {name, message}}`) as an OdooFault. */
export function faultFromJsonRpc(error: unknown): OdooFault {
	const data = (error as { data?: { name?: unknown; message?: unknown } } | null)?.data;
	const name = typeof data?.name === 'string' ? data.name : 'odoo.Error';
	const message = typeof data?.message === 'string' ? data.message : String((error as { message?: unknown })?.message ?? 'Odoo Server Error');
	return new OdooFault(name, message);
}

/** A JSON-2 error body (`{name, message}` with a 4xx/5xx status) as an OdooFault, if it is one. */
export function faultFromJson2(status: number, body: unknown): OdooFault | undefined {
	const { name, message } = (body ?? {}) as { name?: unknown; message?: unknown };
	if (typeof name !== 'string' || typeof message !== 'string') return undefined;
	return new OdooFault(status === 401 && !name.includes('AccessDenied') ? ACCESS_DENIED : name, message);
}
