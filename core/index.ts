/**
 * The package's programmatic entry (`main`): the contracts of the gateway nodes and the pure
 * checks of their settings, for tools that generate or check workflows using them. Nothing here
 * loads n8n-workflow or ssh2; n8n itself loads the node files listed in package.json.
 */
export type { AllowList, ConfigSetting, CredentialUse, GatewayContract, GatewaySubWorkflow, SubWorkflowGateway } from './gatewayContract';
export { SSH_CREDENTIAL } from './gatewayContract';
export type { Checked } from './checked';
export { isObject } from './json';
export { AGENT_ARGUMENT_INPUTS, AGENT_ARGUMENTS, AGENT_ARGUMENTS_CAPS, undeclaredArguments } from './agentArguments';
export { VAULT, VAULT_LIMITS, VAULT_OPERATIONS, VAULT_SECONDS, WRITE_PREFIX, type VaultOperation } from './vault/contract';
export { checkVaultPath, checkWritePrefixes } from './vault/validate';
export {
	DOCKER,
	DOCKER_ACTIONS,
	DOCKER_COMMAND,
	DOCKER_LOG_CAPS,
	DOCKER_MANAGE_ACTIONS,
	DOCKER_READ_ACTIONS,
	DOCKER_SECONDS,
	MAX_DOCKER_COMMAND_CHARS,
	MAX_STACK_CHARS,
	STACK_NAME,
	type DockerAction,
} from './docker/contract';
export { checkDockerCommand, checkProtectedStacks } from './docker/validate';
export {
	MAX_PROMQL_CHARS,
	MONITORING,
	MONITORING_CAPS,
	MONITORING_OPERATIONS,
	MONITORING_SECONDS,
	type MonitoringOperation,
} from './monitoring/contract';
export { checkPrometheusUrl } from './monitoring/validate';
export { CONTENT, CONTENT_CAPS, CONTENT_OPERATIONS, CONTENT_TYPES, type ContentType } from './content/contract';
export {
	HERMES_ODOO,
	HERMES_ODOO_CREDENTIALS,
	ODOO_COLLECTIONS,
	ODOO_CREDENTIAL_TYPES,
	ODOO_DOMAIN_OPERATORS,
	ODOO_MAX_LIMIT,
	recordNotFoundHint,
	ODOO_OPERATIONS,
	type OdooCredentialType,
	type OdooDomainOperator,
	type OdooOperation,
	type OdooParam,
} from './odoo/contract';
export { MCP_INSTRUCTIONS } from './mcpInstructions';
export { ODOO_REQUEST_SECONDS } from './odoo/types';
export { HERMES_LINT, LINT_CAPS, LINT_OPERATIONS, type LintOperation } from './lint/contract';
// Odoo's exceptions as both protocols answer them: check-odoo reads them as the node does.
export { ACCESS_DENIED, faultFromJson2, faultFromJsonRpc, OdooFault } from './odoo/faults';
// The node's requests, so check-odoo probes the very shapes the node sends.
export { executeKwArguments, json2Request, type MethodRequest } from './odoo/requests';
export {
	APPROVAL_MARKERS,
	APPROVAL_RETRY,
	HINT_QUOTE_CAPS,
	MARKER_RETRY,
	MARKERS,
	RETRY_MEANING,
	RETRY_POLICIES,
	STATE_RETRY,
	UNAVAILABLE_STATES,
	type ApprovalMarker,
	type ErrorAnswer,
	type Marker,
	type Retry,
	type UnavailableState,
} from './markers';

import { CONTENT } from './content/contract';
import { DOCKER } from './docker/contract';
import { MONITORING } from './monitoring/contract';
import { VAULT } from './vault/contract';

/** The four gateways by the name workflows use for them. */
export const GATEWAY_CONTRACTS = { vault: VAULT, docker: DOCKER, monitoring: MONITORING, content: CONTENT } as const;
export type GatewayName = keyof typeof GATEWAY_CONTRACTS;
export const GATEWAY_NAMES = Object.keys(GATEWAY_CONTRACTS) as GatewayName[];

/**
 * Gateways whose node only checks the request and hands it to another workflow (content: the
 * pipeline), so their tools always go through a sub-workflow that calls it.
 */
export const HAND_OFF_GATEWAYS: readonly GatewayName[] = ['content'];

/** Type suffix n8n gives the tool variant of a node marked usableAsTool. */
export const TOOL_TYPE_SUFFIX = 'Tool';
export { CREDENTIAL_DISPLAY_NAMES, credentialTypeText, hermesOdooCredentialText } from './credentialTypes';
