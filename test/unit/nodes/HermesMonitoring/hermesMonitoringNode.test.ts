import { NodeOperationError } from 'n8n-workflow';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MAX_PROMQL_CHARS } from '../../../../core/monitoring/contract';
import { HermesMonitoring } from '../../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { executeNode } from '../../../harness/executeNode';

const node = new HermesMonitoring();

// Saved and generated workflows carry these names and rely on these defaults: they never change silently.
test('parameter names and defaults', () => {
	const defaults = Object.fromEntries(node.description.properties.map((p) => [p.name, p.default]));
	expect(defaults).toEqual({ operation: 'alerts', promql: '', prometheusUrl: 'http://127.0.0.1:9090', agentCall: '', acceptedArguments: '' });
});

test("the PromQL cap is documented where the operator and the agent look: the parameter and the node's page", () => {
	const cap = MAX_PROMQL_CHARS.toLocaleString('en-US');
	expect(cap).toBe('10,000');
	const promql = node.description.properties.find((p) => p.name === 'promql');
	expect(promql?.description).toContain(`at most ${cap} characters`);
	const page = readFileSync(join(__dirname, '../../../../docs/nodes/monitoring.md'), 'utf8');
	expect(page).toMatch(new RegExp(`${cap} characters[^.]*__TOO_LARGE__`));
});

test('input errors are answered as paired items without touching SSH or credentials', async () => {
	const [out] = await executeNode(node, {
		parameters: { operation: (i: { m: string }) => i.m, promql: '' },
		items: [{ m: 'bogus' }, { m: 'query' }],
	});
	expect(out.map((o) => [o.json.error, o.json.retry, o.pairedItem])).toEqual([
		['__BAD_ARGUMENT__', 'change_arguments', { item: 0 }],
		['__EMPTY_QUERY__', 'change_arguments', { item: 1 }],
	]);
});

test('a bad Prometheus URL setting is an infrastructure fault for the operator, answered before any agent input and without SSH', async () => {
	const [out] = await executeNode(node, {
		parameters: { operation: (i: { m: string }) => i.m, promql: 'up', prometheusUrl: 'ftp://127.0.0.1:9090' },
		items: [{ m: 'query' }, { m: 'bogus' }],
	});
	expect(out).toEqual(
		[0, 1].map((item) => ({
			json: {
				success: false,
				error: '__UNAVAILABLE__',
				hint: expect.stringMatching(/Prometheus URL setting.*only http and https.*Tell the operator/),
				retry: 'never_here',
				state: 'misconfigured',
			},
			pairedItem: { item },
		})),
	);
});

test("no credential (deleted, or not usable by this workflow): the operator's setting, __UNAVAILABLE__ misconfigured, never n8n's error", async () => {
	const [out] = await executeNode(node, { parameters: { operation: 'alerts' } });
	expect(out).toEqual([{ json: expect.objectContaining({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here', hint: expect.stringContaining('hermesSshApi credential') }), pairedItem: { item: 0 } }]);
});

test('a fault that is not input (a parameter n8n cannot resolve) honours continueOnFail, else throws a NodeOperationError', async () => {
	const unresolved = () => {
		throw new TypeError('expression could not be resolved');
	};
	const parameters = { operation: unresolved };
	const [out] = await executeNode(node, { parameters, continueOnFail: true });
	expect(out).toEqual([{ json: { error: expect.stringContaining('expression could not be resolved') }, pairedItem: { item: 0 } }]);
	await expect(executeNode(node, { parameters })).rejects.toBeInstanceOf(NodeOperationError);
});
