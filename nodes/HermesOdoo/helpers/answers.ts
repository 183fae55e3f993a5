/**
 * Odoo's failures as the agent's answers: a marker, what to do next and `retry`, never Odoo's raw
 * error. Odoo's own message stays in the hint (it names the field or the value), cut before any
 * SQL excerpt or traceback, which say nothing to the agent and may show the database's layout.
 */
import { errorAnswer, HINT_QUOTE_CAPS, unavailableAnswer, type ErrorAnswer } from '../../../core/markers';
import { OdooFault, OdooTransportError } from '../../../core/odoo/faults';

/** Odoo's message without what follows a PostgreSQL `LINE n:` excerpt or a traceback. */
function odooMessage(message: string): string {
	const cut = message.split(/\nLINE \d+:|\nTraceback|\nHINT:|\nCONTEXT:/)[0];
	return cut
		.replace(/\s*\n\s*/g, ' ')
		.trim()
		.slice(0, HINT_QUOTE_CAPS.long);
}

/** `Record does not exist ... (Record: project.task(999,), User: 2)` -> `project.task 999`. */
function missingRecord(message: string): string | undefined {
	const match = /\(Record: ([a-z0-9_.]+)\(([\d, ]+?),?\)/.exec(message);
	return match ? `${match[1]} ${match[2].replace(/,\s*$/, '')}` : undefined;
}

/** Exceptions Odoo raises for a value the call carried: another value may succeed. */
const REFUSED_VALUE = /^(builtins\.ValueError|psycopg2\.errors\.(InvalidDatetimeFormat|DatetimeFieldOverflow|InvalidTextRepresentation|NumericValueOutOfRange|StringDataRightTruncation))$/;

/** A model's own rule (a constraint, a business check): Odoo's sentence says what to change. */
const REFUSED_CHANGE = /^odoo\.exceptions\.(ValidationError|UserError)$/;

/**
 * Exceptions that a request of ours caused, whatever the agent sent: the node types every value
 * before it leaves, so a TypeError or IndexError means Odoo refused the shape of the request.
 */
const REFUSED_REQUEST = /^(builtins\.(TypeError|IndexError)|werkzeug\.exceptions\.(UnprocessableEntity|BadRequest))$/;

export function odooFaultAnswer(fault: OdooFault): ErrorAnswer {
	const message = odooMessage(fault.message);
	switch (fault.odooName) {
		case 'odoo.exceptions.MissingError': {
			const record = missingRecord(fault.message);
			return errorAnswer('__NOT_FOUND__', `No such record${record ? `: ${record}` : ''} (it does not exist or was deleted). List the records first and use an id it returns.`);
		}
		case 'odoo.exceptions.AccessDenied':
			return unavailableAnswer('auth_failed', `Odoo refused the credential (${message}). Retrying cannot help; tell the operator.`);
		case 'odoo.exceptions.AccessError':
			return unavailableAnswer('misconfigured', `The Odoo user lacks a right this tool needs (Odoo: ${message}). Other arguments will not help; tell the operator.`);
		case 'builtins.KeyError':
		case 'werkzeug.exceptions.NotFound':
			return unavailableAnswer('misconfigured', `This Odoo has no such model or method (Odoo: ${message}); its module may not be installed. Tell the operator.`);
		case 'builtins.AttributeError':
			return unavailableAnswer('misconfigured', `This Odoo refuses the method (Odoo: ${message}). Tell the operator.`);
		case 'psycopg2.OperationalError':
			return unavailableAnswer('misconfigured', `Odoo cannot open the credential's database (Odoo: ${message}). Tell the operator.`);
	}
	// Odoo 14-18 answer a model that is not installed with a UserError over JSON-RPC.
	if (fault.odooName === 'odoo.exceptions.UserError' && /^Object \S+ doesn't exist$/.test(message)) {
		return unavailableAnswer('misconfigured', `This Odoo has no such model (Odoo: ${message}); its module may not be installed. Tell the operator.`);
	}
	if (REFUSED_CHANGE.test(fault.odooName)) {
		return errorAnswer('__BAD_ARGUMENT__', `Odoo refused the change: ${message} Send values that Odoo's rule allows.`);
	}
	if (REFUSED_VALUE.test(fault.odooName)) {
		return errorAnswer('__BAD_ARGUMENT__', `Odoo refused the value: ${message}. Send another value (dates as YYYY-MM-DD, numbers as digits).`);
	}
	if (REFUSED_REQUEST.test(fault.odooName)) {
		return unavailableAnswer('misconfigured', `Odoo refused the request the node built (${fault.odooName}: ${message}). No argument can fix it; tell the operator (check-odoo shows it).`);
	}
	return unavailableAnswer('misconfigured', `Odoo failed with ${fault.odooName}: ${message}. Tell the operator.`);
}

/**
 * No usable answer from Odoo. A read may simply be retried, and so may a write that never left
 * (connection refused); a write whose answer was lost may or may not have been applied, so the
 * agent reads the record before trying again.
 */
export function odooTransportAnswer(error: OdooTransportError, readOnly: boolean): ErrorAnswer {
	if (error.kind === 'not_odoo') return unavailableAnswer('misconfigured', `${error.message} Tell the operator.`);
	const state = error.kind === 'timeout' ? 'timeout' : 'unreachable';
	if (readOnly || !error.mayHaveRun) return unavailableAnswer(state, `${error.message}. This is an infrastructure fault; retry later or tell the operator.`);
	return unavailableAnswer(state, `${error.message}; the change may or may not have been made. Read the record before retrying.`, 'after_read');
}
