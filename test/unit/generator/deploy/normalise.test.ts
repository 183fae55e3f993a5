import type { JsonObject, Workflow } from '../../../../generator/builders/n8nTypes';
import { workflowNode } from '../../../helpers/workflowNode';
import { workflowBody } from '../../../../generator/n8nClient/body';
import { desiredWorkflows } from '../../../../generator/deploy/desired';
import { canonical, compareWorkflows, differingPaths } from '../../../../generator/deploy/normalise';

const generated = desiredWorkflows();
const mcp = generated.find((d) => d.body.name === 'Hermes MCP Tools')!.body;

/** The same workflow as n8n hands it back: read-only keys added, key order shuffled. */
function asLive(body: Workflow, edit: (copy: Workflow) => void = () => undefined): Workflow {
	const copy = structuredClone(body);
	edit(copy);
	const shuffled = {
		id: 'x',
		active: true,
		versionId: 'v',
		settings: copy.settings,
		connections: copy.connections,
		nodes: copy.nodes.map((node) => Object.fromEntries(Object.entries({ ...node, createdAt: 't' }).reverse())),
		name: copy.name,
	};
	return workflowBody(shuffled).body;
}

describe('compareWorkflows', () => {
	it('finds no difference between a body and its round trip through n8n', () => {
		expect(compareWorkflows(mcp, asLive(mcp))).toEqual([]);
	});

	it('treats false flags and empty notes like absent keys', () => {
		const live = asLive(mcp, (w) => {
			w.nodes[1].disabled = false;
			w.nodes[1].executeOnce = false;
			w.nodes[2].notes = '';
		});
		expect(compareWorkflows(mcp, live)).toEqual([]);
	});

	it('reports a disabled node by name, as the misrouting hazard', () => {
		const live = asLive(mcp, (w) => {
			w.nodes.find((n) => n.name === 'vault_read')!.disabled = true;
		});
		const differences = compareWorkflows(mcp, live);
		expect(differences).toHaveLength(1);
		expect(differences[0]).toMatchObject({ kind: 'node-disabled', node: 'vault_read' });
		expect(differences[0].message).toMatch(/DISABLED.*delete/);
	});

	it.each<[string, (w: Workflow) => void, string, RegExp]>([
		['a changed parameter', (w) => ((w.nodes[1].parameters as Record<string, unknown>).limit = 5), 'node-changed', /differs at parameters\.limit/],
		['a moved node', (w) => (w.nodes[1].position = [1, 2]), 'node-changed', /differs at position/],
		['a new node type version', (w) => (w.nodes[1].typeVersion = 3), 'node-changed', /typeVersion/],
		['a removed node', (w) => w.nodes.splice(5, 1), 'node-missing', /missing in n8n/],
		['an added node', (w) => w.nodes.push(workflowNode('extra', 'n8n-nodes-base.noOp')), 'node-extra', /only in n8n/],
		['swapped nodes', (w) => ([w.nodes[1], w.nodes[2]] = [w.nodes[2], w.nodes[1]]), 'node-order', /different order/],
		['a removed connection', (w) => delete w.connections.vault_read, 'connections', /"vault_read"/],
		[
			'reordered connection sources',
			(w) => {
				const [first, ...rest] = Object.entries(w.connections);
				w.connections = Object.fromEntries([...rest, first]);
			},
			'connections',
			/different order/,
		],
		['a changed setting', (w) => (w.settings.executionOrder = 'v0'), 'settings', /settings differ at executionOrder/],
		['an added setting', (w) => (w.settings.callerPolicy = 'any'), 'settings', /callerPolicy/],
		['a renamed workflow', (w) => (w.name = 'Other'), 'name', /"Other" in n8n/],
	])('reports %s', (_label, edit, kind, message) => {
		const differences = compareWorkflows(mcp, asLive(mcp, edit));
		expect(differences.map((d) => d.kind)).toContain(kind);
		expect(differences.find((d) => d.kind === kind)!.message).toMatch(message);
	});

	it.each([
		['availableInMCP: false', (w: Workflow) => (w.settings.availableInMCP = false), true],
		["callerPolicy: 'workflowsFromSameOwner'", (w: Workflow) => (w.settings.callerPolicy = 'workflowsFromSameOwner'), true],
		['availableInMCP: true', (w: Workflow) => (w.settings.availableInMCP = true), false],
		["callerPolicy: 'any'", (w: Workflow) => (w.settings.callerPolicy = 'any'), false],
	])('a setting n8n holds with its default where the generator leaves it out (%s) is in sync: %s', (_label, edit, inSync) => {
		expect(compareWorkflows(mcp, asLive(mcp, edit)).length === 0).toBe(inSync);
	});

	it('ignores object key order inside parameters', () => {
		const live = asLive(mcp, (w) => {
			const parameters = w.nodes[1].parameters as Record<string, unknown>;
			w.nodes[1].parameters = Object.fromEntries(Object.entries(parameters).reverse()) as JsonObject;
		});
		expect(compareWorkflows(mcp, live)).toEqual([]);
	});
});

describe('canonical and differingPaths', () => {
	it('sorts keys, drops undefined, keeps array order', () => {
		expect(JSON.stringify(canonical({ b: 1, a: [3, { d: undefined, c: 2 }] }))).toBe('{"a":[3,{"c":2}],"b":1}');
	});

	it('names nested paths and caps the list', () => {
		expect(differingPaths({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [1, 3] } })).toEqual(['a.b', 'a.c[1]']);
		const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
		expect(differingPaths(many, {}, '', 3)).toHaveLength(3);
		expect(differingPaths([1], [1, 2])).toEqual(['(value)']);
	});
});
