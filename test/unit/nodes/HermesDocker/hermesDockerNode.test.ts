import { NodeOperationError } from 'n8n-workflow';

import { HermesDocker } from '../../../../nodes/HermesDocker/HermesDocker.node';
import { executeNode } from '../../../harness/executeNode';

const node = new HermesDocker();

// Saved and generated workflows carry these names and rely on these defaults: they never change silently.
test('parameter names and defaults', () => {
	const { description } = node;
	const defaults = Object.fromEntries(description.properties.map((p) => [p.name, p.default]));
	expect(defaults).toEqual({
		operation: 'status',
		stack: '',
		dockerCommand: 'docker',
		allowedActions: 'status,logs,list,start,stop,restart,update',
		protectedStacks: 'security-stack',
		checkOnly: false,
		agentCall: '',
		acceptedArguments: '',
	});
	expect(description.description).toContain('--project-name');
});

test('input errors are answered as paired items without touching SSH or credentials', async () => {
	const [out] = await executeNode(node, {
		parameters: { operation: (i: { a: string }) => i.a, stack: (i: { s: string }) => i.s },
		items: [
			{ a: 'prune', s: 'web' },
			{ a: 'restart', s: 'Security-Stack' },
			{ a: 'stop', s: 'web;id' },
			{ a: 'logs', s: '' },
		],
	});
	expect(out.map((o) => [o.json.error, o.json.retry, o.pairedItem])).toEqual([
		['__BAD_ACTION__', 'change_arguments', { item: 0 }],
		['__PROTECTED__', 'never_here', { item: 1 }],
		['__BAD_ARGUMENT__', 'change_arguments', { item: 2 }],
		['__BAD_ARGUMENT__', 'change_arguments', { item: 3 }],
	]);
});

test.each([
	['Docker Command', { dockerCommand: 'docker; id' }],
	['Allowed Actions', { allowedActions: 'status,logs,lsit' }],
	['Protected Stacks', { protectedStacks: 'security stack' }],
])('a bad %s setting is an infrastructure fault for the operator, answered before agent input and not run', async (setting, bad) => {
	const [out] = await executeNode(node, {
		parameters: { operation: (i: { a: string }) => i.a, stack: 'web', ...bad },
		items: [{ a: 'list' }, { a: 'prune' }],
	});
	expect(out).toEqual(
		[0, 1].map((item) => ({
			json: {
				success: false,
				error: '__UNAVAILABLE__',
				hint: expect.stringMatching(new RegExp(`^The ${setting} setting .*Tell the operator\\.$`)),
				retry: 'never_here',
				state: 'misconfigured',
			},
			pairedItem: { item },
		})),
	);
});

test("no credential (deleted, or not usable by this workflow): the operator's setting, __UNAVAILABLE__ misconfigured, never n8n's error", async () => {
	const [out] = await executeNode(node, { parameters: { operation: 'list' } });
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
