import { NodeOperationError, type IExecuteFunctions, type INode } from 'n8n-workflow';

import { runPerItem } from '../../../../nodes/shared/runItems';
import { TransportError, type TransportFaultKind } from '../../../../nodes/shared/transport/types';

const node: INode = { id: '1', name: 'Gateway', type: 'CUSTOM.x', typeVersion: 1, position: [0, 0], parameters: {} };
const ctxFor = (count: number, continueOnFail = false) =>
	({
		getInputData: () => Array.from({ length: count }, () => ({ json: {} })),
		getNode: () => node,
		continueOnFail: () => continueOnFail,
	}) as unknown as IExecuteFunctions;

describe('runPerItem', () => {
	test('answers pass through as items paired with their input', async () => {
		const [out] = await runPerItem(ctxFor(2), async (i) => ({ success: true, i }));
		expect(out).toEqual([
			{ json: { success: true, i: 0 }, pairedItem: { item: 0 } },
			{ json: { success: true, i: 1 }, pairedItem: { item: 1 } },
		]);
	});

	test('a transport fault becomes __UNAVAILABLE__ for that item only', async () => {
		const [out] = await runPerItem(ctxFor(3), async (i) => {
			if (i === 1) throw new TransportError('timeout', 'The remote command did not finish within its 2 s limit', false);
			return { success: true };
		});
		expect(out.map((item) => item.json.success)).toEqual([true, false, true]);
		expect(out[1]).toEqual({
			json: {
				success: false,
				error: '__UNAVAILABLE__',
				hint: expect.stringMatching(/within its 2 s limit\. This is an infrastructure fault/),
				retry: 'later',
				state: 'timeout',
			},
			pairedItem: { item: 1 },
		});
	});

	test.each<[TransportFaultKind, string, string, RegExp]>([
		['connect', 'unreachable', 'later', /retry later/],
		['handshake-timeout', 'timeout', 'later', /retry later/],
		['host-key', 'host_key_mismatch', 'never_here', /Retrying cannot help; tell the operator/],
		['auth', 'auth_failed', 'never_here', /Retrying cannot help; tell the operator/],
		['timeout', 'timeout', 'later', /retry later/],
		['dropped', 'unreachable', 'later', /retry later/],
		['config', 'misconfigured', 'never_here', /Retrying cannot help; tell the operator/],
	])('a %s fault is __UNAVAILABLE__ in state %s, retry %s', async (kind, state, retry, next) => {
		const [[item]] = await runPerItem(ctxFor(1), async () => {
			throw new TransportError(kind, 'what the transport said', false);
		});
		expect(item.json).toEqual({ success: false, error: '__UNAVAILABLE__', hint: expect.stringMatching(next), retry, state });
		expect(item.json.hint).toMatch(/^what the transport said\. /);
	});

	test('a bug throws a NodeOperationError naming the item', async () => {
		const failure = runPerItem(ctxFor(2), async (i) => {
			if (i === 1) throw new Error('boom');
			return {};
		});
		await expect(failure).rejects.toBeInstanceOf(NodeOperationError);
		await expect(failure).rejects.toMatchObject({ message: 'boom', context: { itemIndex: 1 } });
	});

	test('a NodeOperationError is rethrown as is', async () => {
		const original = new NodeOperationError(node, 'bad parameter', { itemIndex: 0 });
		await expect(
			runPerItem(ctxFor(1), async () => {
				throw original;
			}),
		).rejects.toBe(original);
	});

	test('with continueOnFail a bug becomes an error item and the rest still run', async () => {
		const [out] = await runPerItem(ctxFor(2, true), async (i) => {
			if (i === 0) throw new Error('boom');
			return { success: true };
		});
		expect(out).toEqual([
			{ json: { error: 'boom' }, pairedItem: { item: 0 } },
			{ json: { success: true }, pairedItem: { item: 1 } },
		]);
	});
});
