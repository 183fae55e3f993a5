/**
 * The request an admin tool sends: a GET on n8n's public API with the read-only key of the
 * config's n8n API credential. The method is a constant here, never a parameter. The full
 * response comes back whatever its status (the answer code turns a refusal into a marker), a
 * single object as text (parsed inside the answer code, where n8n's expression engine reads it
 * at once rather than field by field), and n8n_list_workflows follows n8n's pages.
 */
import { ADMIN_CAPS } from './caps';
import type { AdminTool } from './tools';
import type { AdminConfig } from '../config';
import { expression, quote } from '../fromAi';
import type { JsonObject, NodeCredential } from '../builders/n8nTypes';

/** The only HTTP method an admin tool sends. */
export const ADMIN_METHOD = 'GET';
/** n8n's credential type for its own API (X-N8N-API-KEY header), which HTTP Request applies as a predefined type. */
export const N8N_API_CREDENTIAL_TYPE = 'n8nApi';

/** Every page of a list, up to ADMIN_CAPS.workflowPages, by n8n's `nextCursor`. */
function pagination(tool: AdminTool, admin: Pick<AdminConfig, 'apiUrl'>): JsonObject {
	return {
		pagination: {
			paginationMode: 'responseContainsNextURL',
			nextURL: expression(`${quote(admin.apiUrl)} + ${tool.request(() => "''")} + '&cursor=' + encodeURIComponent($response.body.nextCursor)`),
			paginationCompleteWhen: 'other',
			completeExpression: expression('!$response.body.nextCursor'),
			limitPagesFetched: true,
			maxRequests: ADMIN_CAPS.workflowPages,
		},
	};
}

/**
 * The request's parameters: method, URL (the configured API plus the tool's path, each value
 * from `param`), the n8n API credential type and the response options.
 */
export function adminRequestParameters(tool: AdminTool, admin: Pick<AdminConfig, 'apiUrl'>, param: (key: string) => string): JsonObject {
	const single = tool.answer !== 'workflows' && tool.answer !== 'executions';
	return {
		method: ADMIN_METHOD,
		url: expression(`${quote(admin.apiUrl)} + ${tool.request(param)}`),
		authentication: 'predefinedCredentialType',
		nodeCredentialType: N8N_API_CREDENTIAL_TYPE,
		options: {
			...(tool.answer === 'workflows' && { pagination: pagination(tool, admin) }),
			response: { response: { fullResponse: true, neverError: true, ...(single && { responseFormat: 'text', outputPropertyName: 'body' }) } },
			timeout: ADMIN_CAPS.requestMs,
		},
	};
}

export function adminCredentials(admin: Pick<AdminConfig, 'n8nApi'>): Record<string, NodeCredential> {
	return { [N8N_API_CREDENTIAL_TYPE]: { name: admin.n8nApi } };
}
