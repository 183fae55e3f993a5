/**
 * The package's programmatic entry (`main`): the contracts of the gateway nodes and the pure
 * checks of their settings, for tools that generate or check workflows using them. Nothing here
 * loads n8n-workflow or ssh2; n8n itself loads the node files listed in package.json.
 */
export type { AllowList, GatewayContract } from './shared/gatewayContract';
export type { Checked } from './shared/checked';
export { AGENT_ARGUMENT_INPUTS, AGENT_ARGUMENTS, AGENT_ARGUMENTS_CAPS, hasAgentArguments, undeclaredArguments } from './shared/agentArguments';
export { VAULT, VAULT_LIMITS, VAULT_OPERATIONS, VAULT_V1_PARAMS, WRITE_PREFIX, type VaultOperation } from './HermesVault/contract';
export { checkVaultPath, checkWritePrefixes } from './HermesVault/helpers/validate';
export {
	DOCKER,
	DOCKER_ACTIONS,
	DOCKER_COMMAND,
	DOCKER_LOG_CAPS,
	DOCKER_MANAGE_ACTIONS,
	DOCKER_READ_ACTIONS,
	DOCKER_V1_PARAMS,
	MAX_DOCKER_COMMAND_CHARS,
	MAX_STACK_CHARS,
	STACK_NAME,
	type DockerAction,
} from './HermesDocker/contract';
export { checkDockerCommand, checkProtectedStacks } from './HermesDocker/helpers/validate';
export {
	MAX_PROMQL_CHARS,
	MONITORING,
	MONITORING_CAPS,
	MONITORING_OPERATIONS,
	MONITORING_V1_PARAMS,
	type MonitoringOperation,
} from './HermesMonitoring/contract';
export { checkPrometheusUrl } from './HermesMonitoring/helpers/validate';
export { CONTENT, CONTENT_CAPS, CONTENT_OPERATIONS, CONTENT_TYPES, CONTENT_V1_PARAMS, type ContentType } from './HermesContent/contract';
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
} from './HermesOdoo/contract';
export { HERMES_LINT, LINT_CAPS, LINT_OPERATIONS, type LintOperation } from './HermesLint/contract';
// Odoo's exceptions as both protocols answer them: check-odoo reads them as the node does.
export { ACCESS_DENIED, faultFromJson2, faultFromJsonRpc, OdooFault } from './HermesOdoo/transport/faults';
// The node's requests, so check-odoo probes the very shapes the node sends.
export { executeKwArguments, json2Request, type MethodRequest } from './HermesOdoo/transport/requests';
export {
	APPROVAL_MARKERS,
	APPROVAL_RETRY,
	MARKER_RETRY,
	MARKERS,
	RETRY_POLICIES,
	STATE_RETRY,
	UNAVAILABLE_STATES,
	type ApprovalMarker,
	type ErrorAnswer,
	type Marker,
	type Retry,
	type UnavailableState,
} from './shared/markers';

import { CONTENT } from './HermesContent/contract';
import { DOCKER } from './HermesDocker/contract';
import { MONITORING } from './HermesMonitoring/contract';
import { VAULT } from './HermesVault/contract';

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
