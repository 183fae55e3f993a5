/**
 * Odoo server exceptions as the server serialises them. The stand-in raises these from the
 * store and the two protocol front ends turn them into Odoo's own error shapes.
 */

/** `data.name` is the Python qualified class name Odoo reports, e.g. `odoo.exceptions.MissingError`. */
export class OdooError extends Error {
	constructor(
		readonly odooName: string,
		message: string,
		/** HTTP status the JSON-2 API answers with (JSON-RPC always answers 200). */
		readonly httpStatus: number,
	) {
		super(message);
	}
}

/** Python's `repr()` of a str, as it appears in its error messages. */
export function pyRepr(text: string): string {
	const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
	const body = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
	return `${quote}${quote === "'" ? body.replace(/'/g, "\\'") : body}${quote}`;
}

/** A value as Python's `%r` shows it: strings in Python's quotes, anything else as JSON. */
const pyValue = (value: unknown): string => (typeof value === 'string' ? pyRepr(value) : JSON.stringify(value));

export const accessDenied = (): OdooError =>
	new OdooError('odoo.exceptions.AccessDenied', 'Access Denied', 401);

/** The rights Odoo's ir.model.access grants on a model. */
export type AccessRight = 'read' | 'write' | 'create' | 'unlink';

const ACCESS_ERROR_HEADER: Readonly<Record<AccessRight, string>> = {
	read: 'access',
	write: 'modify',
	create: 'create',
	unlink: 'delete',
};

/**
 * ir.model.access's refusal (`_make_access_error`): what is not allowed on which model, the
 * groups that would allow it, and the resolution line. JSON-2 answers it with 403.
 */
export const accessError = (model: string, description: string, right: AccessRight, groups: readonly string[]): OdooError =>
	new OdooError(
		'odoo.exceptions.AccessError',
		`You are not allowed to ${ACCESS_ERROR_HEADER[right]} '${description}' (${model}) records.\n\n` +
			(groups.length
				? `This operation is allowed for the following groups:\n${groups.map((g) => `\t- ${g}`).join('\n')}`
				: 'No group currently allows this operation.') +
			'\n\nContact your administrator to request access if necessary.',
		403,
	);

export const missingRecord = (model: string, ids: number[], uid: number): OdooError =>
	new OdooError(
		'odoo.exceptions.MissingError',
		`Record does not exist or has been deleted.\n(Record: ${model}(${ids.join(', ')},), User: ${uid})`,
		404,
	);

/** The Odoo versions the stand-in speaks as: 18 behind JSON-RPC and XML-RPC, 19 behind JSON-2. */
export type OdooVersion = 18 | 19;

export const unknownModel = (model: string): OdooError =>
	new OdooError('builtins.KeyError', `'${model}'`, 404);

/** `execute_kw` on a model that is not installed (Odoo 18's `odoo.service.model`). */
export const rpcUnknownModel = (model: string): OdooError =>
	new OdooError('odoo.exceptions.UserError', `Object ${model} doesn't exist`, 422);

export const rpcUnknownMethod = (model: string, method: string): OdooError =>
	new OdooError('builtins.AttributeError', `The method '${model}.${method}' does not exist`, 404);

export const privateMethod = (model: string, method: string): OdooError =>
	new OdooError('odoo.exceptions.AccessError', `Private methods (such as '${model}.${method}') cannot be called remotely.`, 403);

/** JSON-2's 404 for a model or method it does not serve. */
export const notFound = (message: string): OdooError => new OdooError('werkzeug.exceptions.NotFound', message, 404);

export const unprocessable = (message: string): OdooError => new OdooError('werkzeug.exceptions.UnprocessableEntity', message, 422);

export const unauthorized = (message: string): OdooError => new OdooError('werkzeug.exceptions.Unauthorized', message, 401);

/** Odoo 18 and 19 word it differently, and 19 differently again when reading. */
export const invalidField = (model: string, field: string, version: OdooVersion = 18, reading = false): OdooError =>
	new OdooError('builtins.ValueError', `Invalid field '${field}' ${version === 18 ? 'on model' : reading ? 'on' : 'in'} '${model}'`, 422);

export const wrongValue = (model: string, field: string, value: unknown): OdooError =>
	new OdooError('builtins.ValueError', `Wrong value for ${model}.${field}: ${pyValue(value)}`, 422);

export const mandatoryField = (model: string, field: string): OdooError =>
	new OdooError(
		'odoo.exceptions.ValidationError',
		`The operation cannot be completed:\n- Create/update: a mandatory field is not set.\n- Model: ${model}, Field: ${field}`,
		422,
	);

export const badDomain = (detail: string): OdooError =>
	new OdooError('builtins.ValueError', `Invalid domain: ${detail}`, 422);

export const badArguments = (method: string, detail: string): OdooError =>
	new OdooError('builtins.TypeError', `${method}() ${detail}`, 422);

/** A constraint of the model (an SQL CHECK or a Python constraint), as Odoo 18 and 19 report it. */
export const constraintError = (message: string): OdooError =>
	new OdooError('odoo.exceptions.ValidationError', `The operation cannot be completed: ${message}`, 422);

/** Anything else thrown inside the store is a server bug, reported as Odoo reports one. */
export function asOdooError(error: unknown): OdooError {
	if (error instanceof OdooError) return error;
	const message = error instanceof Error ? error.message : String(error);
	return new OdooError('builtins.Exception', message, 500);
}

/** The `data` object of a JSON-RPC error, as `odoo.http.serialize_exception` builds it. */
export function serializeException(error: OdooError): Record<string, unknown> {
	return {
		name: error.odooName,
		debug: `Traceback (most recent call last):\n${error.odooName}: ${error.message}`,
		message: error.message,
		arguments: [error.message],
		context: {},
	};
}
