/**
 * The one request an admin tool sends: a GET on n8n's public API with the read-only key of the
 * config's n8n API credential. The method is a constant here, never a parameter; both the HTTP
 * Request tools and the validating sub-workflow's HTTP Request are built from it.
 */
import type { AdminTool } from '../admin/tools';
import type { AdminConfig } from '../config';
import { expression, quote } from '../fromAi';
import type { JsonObject, NodeCredential } from './n8nTypes';

/** The only HTTP method an admin tool sends. */
export const ADMIN_METHOD = 'GET';
/** n8n's credential type for its own API (X-N8N-API-KEY header), which HTTP Request applies as a predefined type. */
export const N8N_API_CREDENTIAL_TYPE = 'n8nApi';

/**
 * The request's parameters: method, URL (the configured API plus the tool's path, each value
 * from `param`) and the n8n API credential type.
 */
export function adminRequestParameters(tool: AdminTool, admin: Pick<AdminConfig, 'apiUrl'>, param: (key: string) => string): JsonObject {
	return {
		method: ADMIN_METHOD,
		url: expression(`${quote(admin.apiUrl)} + ${tool.request(param)}`),
		authentication: 'predefinedCredentialType',
		nodeCredentialType: N8N_API_CREDENTIAL_TYPE,
	};
}

export function adminCredentials(admin: Pick<AdminConfig, 'n8nApi'>): Record<string, NodeCredential> {
	return { [N8N_API_CREDENTIAL_TYPE]: { name: admin.n8nApi } };
}
