/**
 * What an operation needs: the checked model, and one way to call Odoo that gives back either
 * Odoo's result or the agent's answer for its failure (helpers/answers.ts).
 */
import { ok, refuse, type Checked } from '../../../core/checked';
import { OdooFault } from '../../../core/odoo/faults';
import { callOdoo, type OdooOutcome } from '../transport/session';
import type { HttpPost, OdooCall, OdooConnection } from '../../../core/odoo/types';
import { odooFaultAnswer, odooTransportAnswer } from './answers';
import { fieldTypes } from './fieldTypes';
import type { OdooFields } from './values';

export interface OdooContext {
	model: string;
	call(call: Omit<OdooCall, 'model'>): Promise<Checked<unknown>>;
	/** The model's field types, read once per credential and model. */
	fields(): Promise<Checked<OdooFields>>;
}

/** The credential is read on the first call, so input the checks refuse never needs it. */
export function odooContext(http: HttpPost, connection: () => Promise<Checked<OdooConnection>>, model: string): OdooContext {
	const ask = async <T>(readOnly: boolean, send: (reached: OdooConnection) => Promise<{ ok: true; value: T } | Extract<OdooOutcome, { ok: false }>>): Promise<Checked<T>> => {
		const reached = await connection();
		if (!reached.ok) return reached;
		const outcome = await send(reached.value);
		if (outcome.ok) return ok(outcome.value);
		const { failure } = outcome;
		return refuse(failure instanceof OdooFault ? odooFaultAnswer(failure) : odooTransportAnswer(failure, readOnly));
	};
	return {
		model,
		call: async (call) => await ask(call.readOnly, async (reached) => await callOdoo(http, reached, { ...call, model })),
		fields: async () => await ask(true, async (reached) => await fieldTypes(http, reached, model)),
	};
}
