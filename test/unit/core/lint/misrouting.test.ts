import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { lintWorkflow } from '../../../../generator/lint';
import { WorkflowGraph } from '../../../../core/lint/graph';
import { legacyToolRoutes } from '../../../../core/lint/routing';
import { parseWorkflowShape } from '../../../../core/lint/schema';
import { FIXTURES, readFixture } from './fixtures';
import { n8nWorkflow } from './n8nWorkflow';

type Json = { nodes: Array<{ name: string; disabled?: boolean }>; connections: Record<string, unknown> };

function graphOf(json: unknown): WorkflowGraph {
	const shape = parseWorkflowShape(json);
	if (!shape.ok) throw new Error(shape.problems.join('; '));
	return new WorkflowGraph(shape.workflow);
}

describe('routing simulation of getConnectedTools before n8n 2.21.5', () => {
	it.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.endsWith('.index.json')))(
		'%s: lists a consumer\'s tools in the order n8n-workflow\'s own getParentNodes does',
		(file) => {
			const json = readFixture(file) as Json;
			const graph = graphOf(json);
			const workflow = n8nWorkflow(json);
			expect(graph.toolConsumers().map((c) => c.name)).toEqual(['MCP Server Trigger']);
			for (const consumer of graph.toolConsumers()) {
				expect(graph.toolParents(consumer.name)).toEqual(workflow.getParentNodes(consumer.name, 'ai_tool', 1));
			}
		},
	);

	it('agrees with getParentNodes on two consumers, a doubly wired tool and integer-like names', () => {
		const node = (name: string, type = 'x.tool') => ({ name, type, typeVersion: 1, parameters: {}, position: [0, 0] });
		const to = (...targets: string[]) => ({
			ai_tool: [targets.map((target) => ({ node: target, type: 'ai_tool', index: 0 }))],
		});
		const json = {
			nodes: [node('Agent', 'a.agent'), node('MCP', 'a.mcpTrigger'), node('b_tool'), node('2'), node('10'), node('a_tool')],
			connections: { b_tool: to('Agent', 'MCP', 'Agent'), '2': to('MCP'), a_tool: to('Agent', 'MCP'), '10': to('Agent') },
		};
		const graph = graphOf(json);
		const workflow = n8nWorkflow(json);
		expect(graph.toolConsumers().map((c) => c.name)).toEqual(['Agent', 'MCP']);
		for (const consumer of ['Agent', 'MCP']) {
			expect(graph.toolParents(consumer)).toEqual(workflow.getParentNodes(consumer, 'ai_tool', 1));
		}
		// integer-like keys come first in JSON objects, as in n8n's for...in
		expect(graph.toolParents('Agent')).toEqual(['a_tool', 'b_tool', '10']);
	});

	/** The fixture's tools in wiring order, and the disabled one. */
	const fixture = readFixture('misrouting-32-tools.json') as Json;
	const WIRED = Object.keys(fixture.connections);
	const DISABLED = fixture.nodes.find((node) => node.disabled)!.name;
	const BEFORE = WIRED.indexOf(DISABLED);

	it(`${WIRED.length} tools with ${DISABLED} disabled: reports ${DISABLED} and exactly the ${BEFORE} tools old n8n misroutes`, () => {
		// The fixture wires tool_01..tool_32 in that order; tool_17 is disabled.
		// getParentNodes unshifts each parent, so parents = [tool_32, ..., tool_01] (32 names) and
		// tool_17 sits at parents[15]. getInputConnectionData drops it: tools = [tool_32..tool_18,
		// tool_16..tool_01] (31). tools[0..14] (tool_32..tool_18) meet their own parent; from
		// index 15 on, tool_16 meets parents[15] = tool_17, tool_15 meets tool_16, ... tool_01
		// meets tool_02: the 16 tools wired BEFORE the disabled one run their successor.
		expect(BEFORE).toBeGreaterThan(0);
		const findings = lintWorkflow(fixture);
		expect(findings.filter((f) => f.code === 'HMT001').map((f) => f.node)).toEqual([DISABLED]);
		const misrouted = findings.filter((f) => f.code === 'HMT002');
		const expected = WIRED.slice(0, BEFORE).map((tool, i) => [
			tool,
			`tool "${tool}" of "MCP Server Trigger" would run node "${WIRED[i + 1]}" on n8n 2.20 and older in queue mode`,
		]);
		expect(misrouted.map((f) => [f.node, f.message])).toEqual(expected);
		expect(findings).toHaveLength(BEFORE + 1);
	});

	it('maps every tool to its own node once the disabled node is deleted', () => {
		const json = readFixture('misrouting-32-tools.json') as Json;
		const withoutDisabled = {
			...json,
			nodes: json.nodes.filter((node) => !node.disabled),
			connections: Object.fromEntries(Object.entries(json.connections).filter(([name]) => name !== 'tool_17')),
		};
		const routes = legacyToolRoutes(graphOf(withoutDisabled), 'MCP Server Trigger');
		expect(routes).toHaveLength(WIRED.length - 1);
		expect(routes.filter((route) => route.runs !== route.tool)).toEqual([]);
		expect(lintWorkflow(withoutDisabled)).toEqual([]);
	});

	it('a disabled node last in the connections misroutes every other tool; first, none', () => {
		const json = readFixture('misrouting-32-tools.json') as Json;
		const disable = (name: string) => ({
			...json,
			nodes: json.nodes.map((node) => ({ ...node, disabled: node.name === name })),
		});
		const count = (workflow: unknown) => lintWorkflow(workflow).filter((f) => f.code === 'HMT002').length;
		expect(count(disable(WIRED[WIRED.length - 1]))).toBe(WIRED.length - 1);
		expect(count(disable(WIRED[0]))).toBe(0);
	});

	it('disabling one tool of the generated Hermes MCP Tools workflow is caught', () => {
		const file = join(__dirname, '../../../../workflows/hermes-mcp-tools.json');
		const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
		const order = Object.keys(json.connections);
		const victim = order[10];
		const disabled = { ...json, nodes: json.nodes.map((n) => (n.name === victim ? { ...n, disabled: true } : n)) };
		const findings = lintWorkflow(disabled);
		expect(findings.filter((f) => f.code === 'HMT001').map((f) => f.node)).toEqual([victim]);
		// the ten tools wired before it run their successor; findings come in node order
		const nodeIndex = (name: string) => json.nodes.findIndex((n) => n.name === name);
		expect(findings.filter((f) => f.code === 'HMT002').map((f) => f.node)).toEqual(order.slice(0, 10).sort((a, b) => nodeIndex(a) - nodeIndex(b)));
	});
});
