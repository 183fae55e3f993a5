import { BodyError, workflowBody } from '../../../../generator/n8nClient/body';

/** A workflow as GET /api/v1/workflows/{id} returns it: read-only keys everywhere. */
const fromGet = {
	id: 'abc',
	name: 'Hermes Gateway - Vault',
	active: true,
	isArchived: false,
	versionId: 'v1',
	activeVersionId: 'v1',
	createdAt: '2026-01-01T00:00:00.000Z',
	updatedAt: '2026-01-01T00:00:00.000Z',
	tags: [],
	meta: null,
	pinData: null,
	staticData: null,
	shared: [],
	activeVersion: { nodes: [] },
	nodes: [
		{
			id: 'n1',
			name: 'Vault',
			type: 'n8n-nodes-hermes.hermesVault',
			typeVersion: 1,
			position: [0, 0],
			parameters: { operation: 'read' },
			credentials: { hermesSshApi: { id: 'c1', name: 'Hermes SSH' } },
			disabled: true,
			createdAt: 'x',
			updatedAt: 'y',
		},
	],
	connections: {},
	settings: { executionOrder: 'v1', binaryMode: 'separate', callerPolicy: 'workflowsFromSameOwner' },
};

describe('workflowBody (allow-list of what the public API accepts)', () => {
	it('keeps only writable keys and reports every dropped one', () => {
		const { body, dropped } = workflowBody(fromGet);
		expect(Object.keys(body).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);
		expect(body.nodes[0]).toEqual({
			id: 'n1',
			name: 'Vault',
			type: 'n8n-nodes-hermes.hermesVault',
			typeVersion: 1,
			position: [0, 0],
			parameters: { operation: 'read' },
			credentials: { hermesSshApi: { id: 'c1', name: 'Hermes SSH' } },
			disabled: true,
		});
		expect(body.settings).toEqual({ executionOrder: 'v1', callerPolicy: 'workflowsFromSameOwner' });
		expect(dropped.sort()).toEqual(
			[
				'id',
				'active',
				'isArchived',
				'versionId',
				'activeVersionId',
				'createdAt',
				'updatedAt',
				'tags',
				'meta',
				'pinData',
				'staticData',
				'shared',
				'activeVersion',
				'nodes[0].createdAt',
				'nodes[0].updatedAt',
				'settings.binaryMode',
			].sort(),
		);
	});

	it('does not share objects with its input (callers may wire the body)', () => {
		const { body } = workflowBody(fromGet);
		expect(body.nodes[0]).not.toBe(fromGet.nodes[0]);
	});

	it('fills absent connections and settings with empty objects', () => {
		const { body, dropped } = workflowBody({ name: 'W', nodes: [] });
		expect(body).toEqual({ name: 'W', nodes: [], connections: {}, settings: {} });
		expect(dropped).toEqual([]);
	});

	const node = { name: 'A', type: 't', parameters: {} };
	it.each<[string, unknown, string]>([
		['not an object', [], 'the workflow must be a JSON object'],
		['null', null, 'the workflow must be a JSON object'],
		['no name', { nodes: [] }, 'name: a non-empty string is required'],
		['blank name', { name: '  ', nodes: [] }, 'name: a non-empty string is required'],
		['name not a string', { name: 3, nodes: [] }, 'name: a non-empty string is required'],
		['no nodes', { name: 'W' }, 'nodes: an array is required'],
		['nodes an object', { name: 'W', nodes: {} }, 'nodes: an array is required'],
		['connections an array', { name: 'W', nodes: [], connections: [] }, 'connections: must be an object'],
		['settings a string', { name: 'W', nodes: [], settings: 'v1' }, 'settings: must be an object'],
		['node not an object', { name: 'W', nodes: ['x'] }, 'nodes[0]: must be an object'],
		['node without name', { name: 'W', nodes: [{ type: 't' }] }, 'nodes[0].name: a non-empty string is required'],
		['node without type', { name: 'W', nodes: [{ name: 'A' }] }, 'nodes[0].type: a non-empty string is required'],
		['parameters an array', { name: 'W', nodes: [{ ...node, parameters: [] }] }, 'nodes[0].parameters: must be an object'],
		['duplicate node names', { name: 'W', nodes: [node, { ...node }] }, 'nodes[1].name: "A" is used by another node'],
	])('refuses %s with a structured problem list', (_label, input, problem) => {
		let error: unknown;
		try {
			workflowBody(input);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BodyError);
		expect((error as BodyError).problems.some((p) => p.includes(problem))).toBe(true);
	});

	it('lists every problem at once', () => {
		expect(() => workflowBody({ name: '', nodes: [{}, 'x'] })).toThrow(/name: a non-empty[\s\S]*nodes\[0\]\.name[\s\S]*nodes\[0\]\.type[\s\S]*nodes\[1\]: must be an object/);
	});
});
