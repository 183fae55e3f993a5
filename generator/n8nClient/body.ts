/**
 * Request bodies for POST/PUT /workflows, built from allow-lists of what n8n 2.41's public API
 * accepts (its openapi.yml). The API rejects read-only keys (`id`, `active`, `versionId`,
 * `tags`, `meta`, ...) and any unknown key at the top level, in nodes and in settings, so a body
 * is never a GET answer sent back: it is rebuilt key by key, and what was left out is reported.
 * The allow-lists are the keys of the Workflow type, checked by the compiler both ways.
 */
import { isObject, type Workflow, type WorkflowNode, type WorkflowSettings } from '../builders/n8nTypes';
import { HermesError } from '../errors';

/** Writable node keys (`createdAt`/`updatedAt` are read-only). */
const NODE_KEYS = [
	'id',
	'name',
	'webhookId',
	'disabled',
	'notesInFlow',
	'notes',
	'type',
	'typeVersion',
	'executeOnce',
	'alwaysOutputData',
	'retryOnFail',
	'maxTries',
	'waitBetweenTries',
	'continueOnFail',
	'onError',
	'position',
	'parameters',
	'credentials',
	'customTelemetryTags',
] as const satisfies ReadonlyArray<keyof WorkflowNode>;

/** Writable settings (`binaryMode` and `credentialResolverId` are accepted but ignored by n8n). */
const SETTINGS_KEYS = [
	'saveExecutionProgress',
	'saveManualExecutions',
	'saveDataErrorExecution',
	'saveDataSuccessExecution',
	'executionTimeout',
	'errorWorkflow',
	'timezone',
	'executionOrder',
	'callerPolicy',
	'callerIds',
	'timeSavedMode',
	'timeSavedPerExecution',
	'redactionPolicy',
	'availableInMCP',
	'customTelemetryTags',
] as const satisfies ReadonlyArray<keyof WorkflowSettings>;

/** Compiles only while every key of `T` is in the list `Listed`. */
type EveryKey<T, Listed> = [Exclude<keyof T, Listed>] extends [never] ? true : never;
const NODE_KEYS_COMPLETE: EveryKey<WorkflowNode, (typeof NODE_KEYS)[number]> = true;
const SETTINGS_KEYS_COMPLETE: EveryKey<WorkflowSettings, (typeof SETTINGS_KEYS)[number]> = true;
void [NODE_KEYS_COMPLETE, SETTINGS_KEYS_COMPLETE];

export interface BuiltBody {
	/** The projection of the input the API accepts: a Workflow with only writable keys. */
	body: Workflow;
	/** Keys left out, as paths (`active`, `nodes[3].createdAt`, `settings.binaryMode`). */
	dropped: string[];
}

export class BodyError extends HermesError {
	constructor(readonly problems: string[]) {
		super(
			`not a workflow the n8n API can take:\n  ${problems.join('\n  ')}`,
			'regenerate the workflows from the catalogue, or report this if they were generated unchanged',
			'input',
		);
	}
}

function pick(source: Record<string, unknown>, keys: readonly string[], where: string, dropped: string[]) {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(source)) {
		if (keys.includes(key)) {
			if (value !== undefined) out[key] = value;
		} else {
			dropped.push(where ? `${where}.${key}` : key);
		}
	}
	return out;
}

const TOP_KEYS = ['name', 'nodes', 'connections', 'settings'];

/**
 * The body for POST/PUT from any workflow-shaped object (generated JSON or a GET answer).
 * Throws BodyError listing every problem when the shape is wrong (so nothing is sent).
 */
export function workflowBody(workflow: unknown): BuiltBody {
	const problems: string[] = [];
	if (!isObject(workflow)) throw new BodyError(['the workflow must be a JSON object']);
	const dropped: string[] = [];
	const top = pick(workflow, TOP_KEYS, '', dropped);
	if (typeof top.name !== 'string' || top.name.trim() === '') problems.push('name: a non-empty string is required');
	if (!Array.isArray(top.nodes)) problems.push('nodes: an array is required');
	if (top.connections !== undefined && !isObject(top.connections)) problems.push('connections: must be an object');
	if (top.settings !== undefined && top.settings !== null && !isObject(top.settings)) problems.push('settings: must be an object');
	const nodes: WorkflowNode[] = [];
	const names = new Set<string>();
	(Array.isArray(top.nodes) ? top.nodes : []).forEach((node: unknown, index) => {
		const where = `nodes[${index}]`;
		if (!isObject(node)) {
			problems.push(`${where}: must be an object`);
			return;
		}
		const picked = pick(node, NODE_KEYS, where, dropped);
		if (typeof picked.name !== 'string' || picked.name === '') problems.push(`${where}.name: a non-empty string is required`);
		else if (names.has(picked.name)) problems.push(`${where}.name: "${picked.name}" is used by another node (n8n keys nodes by name)`);
		else names.add(picked.name);
		if (typeof picked.type !== 'string' || picked.type === '') problems.push(`${where}.type: a non-empty string is required`);
		if (picked.parameters !== undefined && !isObject(picked.parameters)) problems.push(`${where}.parameters: must be an object`);
		// name, type and parameters are checked; the other writable keys are passed on as given
		nodes.push(picked as unknown as WorkflowNode);
	});
	if (problems.length > 0) throw new BodyError(problems);
	return {
		body: {
			name: top.name as string,
			nodes,
			connections: (top.connections as Workflow['connections'] | undefined) ?? {},
			settings: isObject(top.settings) ? (pick(top.settings, SETTINGS_KEYS, 'settings', dropped) as WorkflowSettings) : {},
		},
		dropped,
	};
}
