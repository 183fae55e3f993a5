/**
 * What an operation needs: the checked model, and one way to call Odoo that gives back either
 * Odoo's result or the agent's answer for its failure (helpers/answers.ts).
 */
import { ok, refuse, type Checked } from '../../shared/checked';
import { OdooFault } from '../transport/faults';
import { callOdoo, type OdooOutcome } from '../transport/session';
import type { HttpPost, OdooCall, OdooConnection } from '../transport/types';
import { odooFaultAnswer, odooTransportAnswer } from './answers';
import { fieldTypes } from './fieldTypes';
import type { OdooFields } from './values';

export interface OdooContext {
	model: string;
	call(call: Omit<OdooCall, 'model'>): Promise<Checked<unknown>>;
	/** The model's field types, read once per credential and model. */
	fields(): Promise<Checked<OdooFields>>;
}

function answerFor<T>(outcome: Extract<OdooOutcome, { ok: false }>, readOnly: boolean): Checked<T> {
	const { failure } = outcome;
	return refuse(failure instanceof OdooFault ? odooFaultAnswer(failure) : odooTransportAnswer(failure, readOnly));
}

/** The credential is read on the first call, so input the checks refuse never needs it. */
export function odooContext(http: HttpPost, connection: () => Promise<Checked<OdooConnection>>, model: string): OdooContext {
	return {
		model,
		async call(call) {
			const reached = await connection();
			if (!reached.ok) return reached;
			const outcome = await callOdoo(http, reached.value, { ...call, model });
			return outcome.ok ? ok(outcome.value) : answerFor(outcome, call.readOnly);
		},
		async fields() {
			const reached = await connection();
			if (!reached.ok) return reached;
			const outcome = await fieldTypes(http, reached.value, model);
			return outcome.ok ? ok(outcome.value) : answerFor(outcome, true);
		},
	};
}
