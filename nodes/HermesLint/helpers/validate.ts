import { ok, refuse, type Checked } from '../../../core/checked';
import { errorAnswer } from '../../../core/markers';

const GIVE = 'give the workflow as n8n exports it (Download, or the body of GET /api/v1/workflows/{id})';

/**
 * The Workflow parameter as an object to lint: an expression such as `{{ $json.body }}` hands
 * over the object, a typed-in value is its JSON text. Nothing at all, or text that is not JSON,
 * is refused; any parsed JSON is linted (what is not a workflow is the lint's HMT000).
 */
export function checkWorkflowInput(value: unknown): Checked<unknown> {
	if (value === undefined || value === null) return refuse(errorAnswer('__BAD_ARGUMENT__', `The workflow is missing: ${GIVE}.`));
	if (typeof value !== 'string') return ok(value);
	const text = value.trim();
	if (text === '') return refuse(errorAnswer('__BAD_ARGUMENT__', `The workflow is empty: ${GIVE}.`));
	try {
		return ok(JSON.parse(text) as unknown);
	} catch (error) {
		return refuse(errorAnswer('__BAD_ARGUMENT__', `The workflow is not JSON (${(error as Error).message}): ${GIVE}.`));
	}
}
