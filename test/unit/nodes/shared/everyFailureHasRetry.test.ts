import { MARKER_RETRY, STATE_RETRY, type UnavailableState } from '../../../../core';
import { executeNode } from '../../../harness/executeNode';
import { FAILURE_CASES, UNUSABLE_CREDENTIAL, type Expected } from '../../../helpers/gatewayFailureCases';

/**
 * A sweep over every node: each failure it can give without a host (agent input over or at the
 * edge of the contract's caps, operator settings, an unusable credential) is the marker it must
 * be, with the retry policy of that marker (of its state for `__UNAVAILABLE__`). Each item sets
 * the parameters it names (by role); the rest keep the node's defaults.
 */
const isState = (expected: Expected): expected is UnavailableState => expected in STATE_RETRY;

describe.each(FAILURE_CASES)('%s', (_name, node, contract, cases) => {
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
