import type { Workflow } from '../../../../generator/builders/n8nTypes';
import { workflowNode } from '../../../helpers/workflowNode';
import { admitsListedCallersOnly, callersByName, canonicalCallerIds, wireCallerIds } from '../../../../generator/deploy/callers';
import { desiredWorkflows } from '../../../../generator/deploy/desired';
import { compareWorkflows } from '../../../../generator/deploy/normalise';
import { GATEWAY_WORKFLOWS } from '../../../helpers/gateways';
import { DEFAULT_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';

const generated = desiredWorkflows();
const MCP = 'Hermes MCP Tools';
const GATEWAYS = [...GATEWAY_WORKFLOWS].sort();
const CONTENT = 'Hermes Gateway - Content';

/** A workflow with one node per called workflow (`name` or `name=id` for a pinned reference). */
function body(name: string, calls: string[] = [], settings: Workflow['settings'] = {}): Workflow {
	return {
		name,
		nodes: calls.map((call, index) => {
			const [workflow, pinned] = call.split('=');
			return workflowNode(`call ${index}`, 'n8n-nodes-base.executeWorkflow', {
				workflowId: { __rl: true, mode: pinned ? 'id' : 'list', value: pinned ?? '', cachedResultName: workflow },
			});
		}),
		connections: {},
		settings,
	};
}

describe('callers: which pushed workflows call which', () => {
	it('the MCP tools workflow is the one caller of every gateway sub-workflow and create-once workflow of the default catalogue, but the content gateway\'s, which its create-once workflow calls', () => {
		const callers = callersByName(generated);
		const creates = DEFAULT_CREATE_TOOLS.map((tool) => `Hermes Create - ${tool}`);
		expect(GATEWAYS.length).toBeGreaterThan(0);
		expect([...callers.keys()].sort()).toEqual([...GATEWAYS, ...creates].sort());
		for (const gateway of GATEWAYS.filter((g) => g !== CONTENT)) expect([gateway, callers.get(gateway)]).toEqual([gateway, [MCP]]);
		// content_generate is the content gateway's one tool, and a create tool.
		expect(callers.get(CONTENT)).toEqual(['Hermes Create - content_generate']);
		for (const once of creates) expect([once, callers.get(once)]).toEqual([once, [MCP]]);
	});

	it('every generated gateway admits only listed callers, the MCP workflow (called by nobody) keeps the default', () => {
		for (const item of generated) expect(admitsListedCallersOnly(item.body)).toBe(item.body.name !== MCP);
	});

	it.each<[string, Workflow[], Record<string, string[]>]>([
		['two callers, sorted and counted once', [body('S'), body('B', ['S', 'S']), body('A', ['S'])], { S: ['A', 'B'] }],
		['a workflow outside the pushed set is no callee', [body('A', ['Elsewhere'])], {}],
		['a pinned reference names its own id, not a pushed workflow', [body('S'), body('A', ['S=123'])], {}],
		['a workflow calling itself is not its own caller', [body('S', ['S'])], {}],
		['chains: each callee has its direct callers only', [body('G'), body('Gate', ['G']), body('M', ['Gate'])], { G: ['Gate'], Gate: ['M'] }],
	])('%s', (_label, items, expected) => {
		expect(Object.fromEntries(callersByName(items.map((b) => ({ body: b }))))).toEqual(expected);
	});
});

describe('callerIds', () => {
	it.each<[unknown, string]>([
		['b,a', 'a,b'],
		[' 14, 18 ,23', '14,18,23'],
		['a,,a, ', 'a'],
		['', ''],
		[undefined, ''],
		[42, ''],
	])('canonical form of %j is %j', (value, canonical) => {
		expect(canonicalCallerIds(value)).toBe(canonical);
	});

	const listed = body('S', [], { callerPolicy: 'workflowsFromAList' });
	const ids = new Map([
		['A', 'id-a'],
		['B', 'id-b'],
	]);
	it.each<[string, Workflow, string[], string | undefined]>([
		['known callers, sorted by id', listed, ['B', 'A'], 'id-a,id-b'],
		['a caller without an id yet is left for the second pass', listed, ['A', 'New'], 'id-a'],
		['no caller known: an empty list (n8n then refuses every caller)', listed, ['New'], ''],
		['ids the generated settings list already are kept', body('S', [], { callerPolicy: 'workflowsFromAList', callerIds: 'fixed' }), ['A'], 'fixed,id-a'],
		['another policy is left alone', body('S', [], { callerPolicy: 'any' }), ['A'], undefined],
		['no policy is left alone', body('S'), ['A'], undefined],
	])('%s', (_label, input, callers, expected) => {
		const before = structuredClone(input);
		expect(wireCallerIds(input, callers, ids).settings.callerIds).toBe(expected);
		expect(input).toEqual(before);
	});

	it.each<[string | undefined, string | undefined, boolean]>([
		['a,b', 'b, a', true],
		['', undefined, true],
		['a', undefined, false],
		['a', 'a,b', false],
	])('compareWorkflows: callerIds %j vs live %j equal: %s', (desired, live, equal) => {
		const settings = (ids?: string): Workflow['settings'] => ({ callerPolicy: 'workflowsFromAList', ...(ids !== undefined ? { callerIds: ids } : {}) });
		const differences = compareWorkflows(body('S', [], settings(desired)), body('S', [], settings(live)));
		expect(differences.length === 0).toBe(equal);
		if (!equal) expect(differences[0].message).toBe('settings differ at callerIds');
	});
});
