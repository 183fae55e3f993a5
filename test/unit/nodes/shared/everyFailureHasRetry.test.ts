import { MARKER_RETRY, STATE_RETRY, type UnavailableState } from '../../../../core';
import { executeNode } from '../../../harness/executeNode';
import { ALL_NODES, GATEWAY_NODE_LIST } from '../../../helpers/allNodes';
import { UNUSABLE_CREDENTIAL, type Expected } from '../../../helpers/nodeCases';

/**
 * A sweep over every node: each failure it can give without a host (agent input over or at the
 * edge of the contract's caps, operator settings, an unusable credential) is the marker it must
 * be, with the retry policy of that marker (of its state for `__UNAVAILABLE__`). Each item sets
 * the parameters it names (by role); the rest keep the node's defaults. The cases are each
 * node's `failures` in its `cases.ts`.
 */
const isState = (expected: Expected): expected is UnavailableState => expected in STATE_RETRY;

test('every gateway node has failure cases', () => {
	expect(GATEWAY_NODE_LIST.length).toBeGreaterThan(0);
	for (const [gateway, { failures }] of GATEWAY_NODE_LIST) expect([gateway, (failures ?? []).length > 0]).toEqual([gateway, true]);
});

const WITH_FAILURES = ALL_NODES.flatMap(({ folder, node, contract, failures }) => (failures?.length ? [[folder, node, contract, failures] as const] : []));

describe.each(WITH_FAILURES)('%s', (_folder, node, contract, cases) => {
	test.each(cases.map(([item, expected], index) => [index, expected, item] as const))('case %i: %s', async (_index, expected, item) => {
		const params = contract.params as Record<string, string>;
		const parameters = Object.fromEntries(Object.entries(item).map(([role, value]) => [params[role], value]));
		const [[{ json }]] = await executeNode(node, { parameters, credentials: UNUSABLE_CREDENTIAL });
		if (isState(expected)) {
			expect(json).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: expected, retry: STATE_RETRY[expected] });
		} else {
			expect(json).toMatchObject({ success: false, error: expected, retry: MARKER_RETRY[expected] });
			expect(json).not.toHaveProperty('state');
		}
	});
});
