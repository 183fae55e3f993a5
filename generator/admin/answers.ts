/**
 * Each admin tool's answer, as n8n expression code the tool's sub-workflow runs: what n8n's API
 * answered becomes `{ success: true, ... }`, cut to ADMIN_CAPS, or a refusal (refusals.ts).
 *
 * - Lists keep a few fields per row, at most `limit` rows (ADMIN_CAPS.rows), `truncated` when
 *   more exist. n8n lists workflows by id, so n8n_list_workflows reads every page (up to
 *   ADMIN_CAPS.workflowPages) and sorts by `updatedAt`; executions come newest first from n8n.
 * - One workflow or execution is n8n's object, cut biggest part first (fit.ts): node parameters
 *   and node output before the rest; `node` narrows it to one node.
 * - The lint answer keeps the findings that fit.
 */
import type { AdminConfig } from '../config';
import { ADMIN_CAPS, thousands } from './caps';
import { FIT } from './fit';
import { nodeNotFound, READ_RESPONSE, REFUSAL, type Ask } from './refusals';
import { EXECUTION_STATUSES, limitOf, WORKFLOW_PAGE, type AdminTool } from './tools';

type AdminCredential = Pick<AdminConfig, 'n8nApi'>;

const CAP = thousands(ADMIN_CAPS.chars);

const HINTS = {
	workflows: `More workflows than listed: count says how many, the rest are older (sorted by last update). At most ${ADMIN_CAPS.rows} per call, fewer when the answer would pass ${CAP} characters.`,
	workflowPages: `This n8n holds more than ${thousands(ADMIN_CAPS.workflowPages * WORKFLOW_PAGE)} workflows: only those n8n lists first (by id) were read and sorted, so newer ones may be missing.`,
	executions: `More executions match than listed (the older ones): at most ${ADMIN_CAPS.rows} per call, fewer when the answer would pass ${CAP} characters. Filter by status or workflow_id to reach others.`,
	workflow: `This workflow is over the ${CAP}-character answer cap: omitted names what was left out, biggest first. Pass node with one node's name to get that node in full.`,
	workflowNode: `This node is over the ${CAP}-character answer cap: omitted names the parameters left out, biggest first. Read them in n8n's editor.`,
	execution: `This execution is over the ${CAP}-character answer cap: omitted names what was left out, biggest first (node output first). Pass node with one node's name to get its runs in full.`,
	executionNode: `This node's runs are over the ${CAP}-character answer cap: omitted names what was left out (the last output items first). See the rest in n8n's editor.`,
	lint: `More findings than fit in one answer: errors and warnings count them all. Fix those listed and validate again.`,
} as const;

/** What the refusal code needs of a tool. */
function askOf(tool: AdminTool, admin: AdminCredential): Ask {
	const execution = tool.answer === 'execution' || tool.answer === 'executions';
	const id = tool.answer === 'workflow' || tool.answer === 'execution' || tool.answer === 'lint' ? tool.parameters[0].key : undefined;
	return {
		what: execution ? 'execution' : 'workflow',
		...(id !== undefined && { key: id }),
		list: execution ? 'n8n_list_executions' : 'n8n_list_workflows',
		scope: tool.scope,
		credential: admin.n8nApi,
		badRequest: tool.answer === 'executions' ? `status must be one of ${EXECUTION_STATUSES.join(', ')}, or empty; workflow_id an id n8n_list_workflows gives, or empty.` : 'Check the arguments against the tool description.',
	};
}

/** A rows-from-the-end pass over `list` (an expression). */
const tailOf = (list: string, group: string) => `{ tail: true, parts: () => ${list}.map((row, key) => ({ holder: ${list}, key, level: 3, group: ${JSON.stringify(group)} })).reverse() }`;

/** Opens an answer's code: n8n's response read into `r`, and the refusal returned when there is one. */
const opening = (tool: AdminTool, admin: AdminCredential, id: string) =>
	`const r = ${READ_RESPONSE}(items);
	const refused = ${REFUSAL}(r, ${JSON.stringify(askOf(tool, admin))}, ${id});
	if (refused) return refused;`;

function workflowsCode(tool: AdminTool, admin: AdminCredential): string {
	return `((items, input) => {
	${opening(tool, admin, 'undefined')}
	const pages = r.bodies;
	const complete = !(pages[pages.length - 1] ?? ({})).nextCursor;
	const rows = pages.flatMap((page) => Array.isArray((page ?? ({})).data) ? page.data : []).map((w) => ({ id: w.id, name: w.name, active: w.active, isArchived: w.isArchived, updatedAt: w.updatedAt }));
	const newer = (a, b) => String(b.updatedAt) > String(a.updatedAt) ? 1 : String(b.updatedAt) < String(a.updatedAt) ? -1 : String(a.id) < String(b.id) ? -1 : 1;
	rows.sort(newer);
	const shown = rows.slice(0, ${limitOf('input.limit')});
	const truncated = shown.length < rows.length || !complete;
	const hint = complete ? ${JSON.stringify(HINTS.workflows)} : ${JSON.stringify(HINTS.workflowPages)};
	const answer = { success: true, order: 'updatedAt, newest first', count: rows.length, returned: shown.length, truncated, omitted: undefined, hint: truncated ? hint : undefined, workflows: shown };
	${FIT}(answer, [${tailOf('answer.workflows', 'rows')}], hint);
	answer.returned = answer.workflows.length;
	return answer;
})`;
}

function executionsCode(tool: AdminTool, admin: AdminCredential): string {
	const hint = JSON.stringify(HINTS.executions);
	return `((items, input) => {
	${opening(tool, admin, 'undefined')}
	const page = r.bodies[0] ?? ({});
	const rows = (Array.isArray(page.data) ? page.data : []).map((e) => ({ id: e.id, status: e.status, mode: e.mode, workflowId: e.workflowId, startedAt: e.startedAt ?? null, stoppedAt: e.stoppedAt ?? null, retryOf: e.retryOf ?? null }));
	const truncated = Boolean(page.nextCursor);
	const answer = { success: true, order: 'newest first (by id)', returned: rows.length, truncated, omitted: undefined, hint: truncated ? ${hint} : undefined, executions: rows };
	${FIT}(answer, [${tailOf('answer.executions', 'rows')}], ${hint});
	answer.returned = answer.executions.length;
	return answer;
})`;
}

/** Workflow fields that identify it: never cut. */
const WORKFLOW_IDENTITY = ['id', 'name', 'active', 'isArchived', 'versionId', 'activeVersionId', 'createdAt', 'updatedAt', 'triggerCount'];

function workflowCode(tool: AdminTool, admin: AdminCredential): string {
	return `((items, input) => {
	const id = String(input.${tool.parameters[0].key} ?? '');
	${opening(tool, admin, 'id')}
	const w = r.bodies[0];
	const only = String(input.node ?? '');
	w.nodes = Array.isArray(w.nodes) ? w.nodes : [];
	if (only) {
		const node = w.nodes.find((n) => n.name === only);
		if (!node) return ${nodeNotFound(ADMIN_CAPS.names)}('Workflow ' + JSON.stringify(w.name) + ' has no node named ' + JSON.stringify(only) + '.', 'Its nodes', only, w.nodes.map((n) => n.name));
		w.nodes = [node];
		const links = {};
		Object.entries(w.connections ?? ({})).forEach(([source, outputs]) => {
			if (source === only) return void (links[source] = outputs);
			const kept = {};
			Object.entries(outputs ?? ({})).forEach(([type, lists]) => {
				const into = (lists ?? []).map((list) => (list ?? []).filter((link) => link.node === only));
				if (into.some((list) => list.length)) kept[type] = into;
			});
			if (Object.keys(kept).length) links[source] = kept;
		});
		w.connections = links;
	}
	const answer = { success: true, truncated: false, omitted: undefined, hint: undefined, workflow: w };
	const bulky = () => ['activeVersion', 'pinData', 'staticData', 'shared'].filter((key) => w[key] != null).map((key) => ({ holder: w, key, level: 3, group: key }));
	const parameters = () => only
		? Object.keys(w.nodes[0].parameters ?? ({})).map((key) => ({ holder: w.nodes[0].parameters, key, level: 6, group: 'parameters of ' + only, name: key }))
		: w.nodes.filter((n) => n.parameters).map((n) => ({ holder: n, key: 'parameters', level: 5, group: 'node parameters', name: n.name }));
	const identity = ${JSON.stringify(WORKFLOW_IDENTITY)};
	const rest = () => Object.keys(w).filter((key) => !identity.includes(key) && key !== 'nodes').map((key) => ({ holder: w, key, level: 3, group: key }));
	const nodes = () => w.nodes.map((n, key) => ({ holder: w.nodes, key, level: 4, group: 'nodes', name: n.name })).reverse();
	return ${FIT}(answer, [{ parts: () => bulky().concat(parameters()) }, { parts: rest }, { tail: true, parts: nodes }], only ? ${JSON.stringify(HINTS.workflowNode)} : ${JSON.stringify(HINTS.workflow)});
})`;
}

/** Execution fields that identify it: never cut. */
const EXECUTION_IDENTITY = ['id', 'status', 'mode', 'workflowId', 'startedAt', 'stoppedAt', 'finished', 'retryOf', 'retrySuccessId', 'waitTill', 'createdAt'];
/** What a node's run says of itself: cut only with the whole run. */
const RUN_SUMMARY = ['startTime', 'executionTime', 'executionStatus', 'error', 'data'];

function executionCode(tool: AdminTool, admin: AdminCredential): string {
	return `((items, input) => {
	const id = String(input.${tool.parameters[0].key} ?? '');
	${opening(tool, admin, 'id')}
	const e = r.bodies[0];
	const d = e.data && typeof e.data === 'object' ? e.data : ({});
	const res = d.resultData && typeof d.resultData === 'object' ? d.resultData : ({});
	const runs = res.runData && typeof res.runData === 'object' ? res.runData : ({});
	const only = String(input.node ?? '');
	if (only) {
		if (!runs[only]) return ${nodeNotFound(ADMIN_CAPS.names)}('No node named ' + JSON.stringify(only) + ' ran in execution ' + JSON.stringify(id) + '.', 'The nodes that ran', only, Object.keys(runs));
		Object.keys(runs).filter((name) => name !== only).forEach((name) => delete runs[name]);
	}
	const answer = { success: true, truncated: false, omitted: undefined, hint: undefined, execution: e };
	const each = () => Object.entries(runs).flatMap(([node, list]) => (Array.isArray(list) ? list : []).map((run, i) => ({ run, name: list.length > 1 ? node + ' #' + (i + 1) : node })));
	const bulky = () => [[e, 'workflowData', 3], [d, 'executionData', 4], [res, 'pinData', 5]].filter(([holder, key]) => holder[key] != null).map(([holder, key, level]) => ({ holder, key, level, group: key }));
	const output = () => only ? [] : each().filter((x) => x.run && x.run.data != null).map((x) => ({ holder: x.run, key: 'data', level: 8, group: 'node output', name: x.name }));
	const outputItems = () => !only ? [] : each().flatMap((x) => Object.values((x.run && x.run.data) || ({})).flatMap((outputs) => (Array.isArray(outputs) ? outputs : []).flatMap((list) => (Array.isArray(list) ? list : []).map((item, key) => ({ holder: list, key, level: 11, group: 'output items of ' + only }))))).reverse();
	const summary = ${JSON.stringify(RUN_SUMMARY)};
	const details = () => each().flatMap((x) => Object.keys(x.run ?? ({})).filter((key) => !summary.includes(key)).map((key) => ({ holder: x.run, key, level: 8, group: 'run details', name: x.name + ' ' + key })))
		.concat([[res.error, 6]].concat(each().map((x) => [x.run && x.run.error, 9])).filter(([error]) => error && error.stack).map(([holder, level]) => ({ holder, key: 'stack', level, group: 'error stacks' })));
	const nodeRuns = () => Object.keys(runs).map((key) => ({ holder: runs, key, level: 6, group: 'runs of nodes', name: key }));
	const identity = ${JSON.stringify(EXECUTION_IDENTITY)};
	const rest = () => Object.keys(e).filter((key) => !identity.includes(key)).map((key) => ({ holder: e, key, level: 3, group: key }));
	return ${FIT}(answer, [{ parts: () => bulky().concat(output()) }, { tail: true, parts: outputItems }, { parts: details }, { parts: nodeRuns }, { parts: rest }], only ? ${JSON.stringify(HINTS.executionNode)} : ${JSON.stringify(HINTS.execution)});
})`;
}

/** The answer code of a tool that reads: `(items, input) => answer`, items the HTTP Request's output, input the tool's arguments. */
export function answerCode(tool: AdminTool, admin: AdminCredential): string {
	switch (tool.answer) {
		case 'workflows':
			return workflowsCode(tool, admin);
		case 'executions':
			return executionsCode(tool, admin);
		case 'workflow':
			return workflowCode(tool, admin);
		case 'execution':
			return executionCode(tool, admin);
		case 'lint':
			throw new Error(`${tool.name} answers the lint of the workflow: use refusalCode and lintAnswerCode`);
	}
}

/** `(items, input) => refusal | null`: what the validating tool answers instead of linting, or null when n8n handed over the workflow. */
export function refusalCode(tool: AdminTool, admin: AdminCredential): string {
	return `((items, input) => ${REFUSAL}(${READ_RESPONSE}(items), ${JSON.stringify(askOf(tool, admin))}, String(input.${tool.parameters[0].key} ?? '')))`;
}

/** `(lint) => answer`: the Hermes Workflow Lint node's answer with the findings that fit. */
export const LINT_ANSWER = `((given) => {
	// A copy: the node's output is n8n's, and the cut happens in place.
	const lint = JSON.parse(JSON.stringify(given));
	if (lint.success === false) return lint;
	return ${FIT}(lint, [${tailOf('lint.findings', 'findings')}], ${JSON.stringify(HINTS.lint)});
})`;
