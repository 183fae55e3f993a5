/** n8n public API: client, request bodies, push, drift and live lint (see README, "Deploying to n8n"). */
export { BodyError, NODE_KEYS, SETTINGS_KEYS, workflowBody, type BuiltBody, type WorkflowBody } from './body';
export { admitsListedCallersOnly, callersByName, canonicalCallerIds, wireCallerIds } from './callers';
export {
	apiRoot,
	N8nApiClient,
	type LiveCredential,
	type LiveDataTable,
	type LiveWorkflow,
	type N8nApiClientOptions,
	type RequestEvent,
} from './client';
export { DATA_TABLE_SCOPES, DataTableError, ensureDataTables, type DataTableOutcome, type DesiredDataTable } from './dataTables';
export { dependencyOrder, desiredDataTables, desiredDeployment, desiredWorkflows, type DesiredDeployment, type DesiredWorkflow } from './desired';
export { detectDrift, liveCounterparts, type DriftEntry, type DriftReport } from './drift';
export { N8nApiError } from './errors';
export { AmbiguousNameError, exactMatch, findWorkflowByName } from './exactName';
export { runLintLive, type LiveLintOptions } from './lintLive';
export { compareWorkflows, type Difference } from './normalise';
export { isPublished, PushError, pushWorkflows, type PushOutcome, type PushReport } from './push';
export { resolveDependencies, UnresolvedError } from './resolve';
export { RESTART_NOTICE, toolSchemaChanges, toolSchemaOf, type ToolSchema } from './toolSchema';
