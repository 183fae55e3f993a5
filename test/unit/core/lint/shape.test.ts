import { lintWorkflow, SHAPE_CODE } from '../../../../generator/lint';
import { readFixture } from './fixtures';

const node = { name: 'n', type: 't.x', typeVersion: 1, parameters: {}, position: [0, 0] };

/** Inputs that are not n8n workflows: each gets one HMT000 finding naming the problem. */
const BAD_INPUTS: Array<[what: string, input: unknown, problem: RegExp]> = [
	['null', null, /Expected object, received null/],
	['an array', [], /Expected object, received array/],
	['a string', 'workflow', /Expected object, received string/],
	['no nodes', { connections: {} }, /nodes: Required/],
	['nodes not an array', { nodes: {}, connections: {} }, /nodes: Expected array, received object/],
	['no connections', { nodes: [] }, /connections: Required/],
	['connections an array', { nodes: [], connections: [] }, /connections: Expected object, received array/],
	['a node that is not an object', { nodes: [42], connections: {} }, /nodes\[0\]: Expected object, received number/],
	['a node without name', { nodes: [{ type: 't.x' }], connections: {} }, /nodes\[0\]\.name: Required/],
	['an empty node name', { nodes: [{ ...node, name: '' }], connections: {} }, /nodes\[0\]\.name: a node name must not be empty/],
	['a node without type', { nodes: [{ name: 'n' }], connections: {} }, /nodes\[0\]\.type: Required/],
	['typeVersion not a number', { nodes: [{ ...node, typeVersion: 'two' }], connections: {} }, /nodes\[0\]\.typeVersion: Expected number/],
	['a negative typeVersion', { nodes: [{ ...node, typeVersion: -1 }], connections: {} }, /nodes\[0\]\.typeVersion: Number must be greater than or equal to 0/],
	['parameters as a list', { nodes: [{ ...node, parameters: [] }], connections: {} }, /nodes\[0\]\.parameters: Expected object/],
	['disabled as text', { nodes: [{ ...node, disabled: 'yes' }], connections: {} }, /nodes\[0\]\.disabled: Expected boolean/],
	['webhookId as number', { nodes: [{ ...node, webhookId: 7 }], connections: {} }, /nodes\[0\]\.webhookId: Expected string/],
	['outputs not a list', { nodes: [node], connections: { n: { main: {} } } }, /connections\.n\.main: Expected array/],
	[
		'a target without node',
		{ nodes: [node], connections: { n: { main: [[{ type: 'main', index: 0 }]] } } },
		/connections\.n\.main\[0\]\[0\]\.node: Required/,
	],
	[
		'a negative input index',
		{ nodes: [node], connections: { n: { ai_tool: [[{ node: 'n', type: 'ai_tool', index: -1 }]] } } },
		/index: Number must be greater than or equal to 0/,
	],
];

describe('workflow shape (HMT000)', () => {
	it.each(BAD_INPUTS)('refuses %s', (_what, input, problem) => {
		const findings = lintWorkflow(input, { file: 'x.json' });
		expect(findings).toHaveLength(1);
		expect(findings[0]).toMatchObject({ code: SHAPE_CODE, severity: 'error', file: 'x.json' });
		expect(findings[0].message).toMatch(/^not an n8n workflow: /);
		expect(findings[0].message).toMatch(problem);
	});

	it('lists at most five problems and counts the rest', () => {
		const nodes = Array.from({ length: 8 }, () => ({}));
		const [finding] = lintWorkflow({ nodes, connections: {} });
		expect(finding.message).toMatch(/; and 3 more$/);
	});

	it('accepts what n8n exports: defaults for missing typeVersion, parameters and disabled, extra keys kept', () => {
		const minimal = { nodes: [{ name: 'n', type: 't.x' }], connections: { n: { main: [null] } } };
		expect(lintWorkflow(minimal)).toEqual([]);
		const exported = { ...(readFixture('clean.json') as object), id: 'x', active: false, pinData: {}, meta: { a: 1 } };
		expect(lintWorkflow(exported)).toEqual([]);
	});

	/** What n8n imports although it is not what the editor writes: linted, not refused. */
	it.each([
		['a sticky note without a name', { type: 'n8n-nodes-base.stickyNote', parameters: { content: 'Read me' } }],
		['typeVersion written as a string', { ...node, typeVersion: '3.4' }],
		['typeVersion 0 on a community node', { ...node, type: 'n8n-nodes-acme.widget', typeVersion: 0 }],
		['null parameters, disabled and webhookId', { ...node, parameters: null, disabled: null, webhookId: null }],
	])('lints a workflow with %s', (_what, extra) => {
		const workflow = { nodes: [node, extra], connections: {} };
		expect(lintWorkflow(workflow)).toEqual([]);
	});

	it('still checks the rest of a workflow n8n imports leniently (a secret next to a nameless sticky note)', () => {
		const sticky = { type: 'n8n-nodes-base.stickyNote', parameters: { content: 'Setup' } };
		const secret = { ...node, typeVersion: '4.2', parameters: { password: 'S3cure-Passw0rd' } };
		expect(lintWorkflow({ nodes: [sticky, secret], connections: {} }).map((f) => f.code)).toEqual(['HMT014']);
	});

	it('still refuses a node other than a sticky note without a name', () => {
		const [finding] = lintWorkflow({ nodes: [{ type: 'n8n-nodes-base.set' }], connections: {} });
		expect(finding.message).toMatch(/nodes\[0\]\.name: Required/);
	});

	it('does not change its input', () => {
		const input = readFixture('misrouting-32-tools.json');
		const before = JSON.stringify(input);
		lintWorkflow(input, { manifest: { workflow: 'x', tools: [] } });
		expect(JSON.stringify(input)).toBe(before);
	});
});
