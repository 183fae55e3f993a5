import type { IExecuteFunctions } from 'n8n-workflow';

import { HermesMonitoring } from '../../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../../../nodes/HermesVault/HermesVault.node';
import { remoteHost } from '../../../../nodes/shared/remoteRunner';
import { executeNode } from '../../../harness/executeNode';

// No credentials are given to these nodes: input that validation refuses must be answered
// without reading the credential (a missing one would make executeNode's context throw).
test.each([
	['vault write to a traversal path', new HermesVault(), { operation: 'write', path: '../x.md', content: 'x' }, '__BAD_PATH__'],
	['vault read without .md', new HermesVault(), { operation: 'read', path: 'notes.txt' }, '__BAD_PATH__'],
	['vault unknown operation', new HermesVault(), { operation: 'delete', path: 'inbox/x.md' }, '__BAD_ARGUMENT__'],
	['monitoring empty PromQL', new HermesMonitoring(), { operation: 'query', promql: '   ' }, '__EMPTY_QUERY__'],
])('%s is answered without reading the SSH credential', async (_label, node, parameters, marker) => {
	const [out] = await executeNode(node, { parameters });
	expect(out).toEqual([{ json: expect.objectContaining({ success: false, error: marker }), pairedItem: { item: 0 } }]);
});

test('the credential is read on the first command, not when the runner is made', async () => {
	const getCredentials = jest.fn(async () => ({ host: '127.0.0.1', port: 'not a port', username: 'u' }));
	const { run } = remoteHost({ getCredentials } as unknown as IExecuteFunctions);
	expect(getCredentials).not.toHaveBeenCalled();
	// A malformed credential is a transport 'config' fault, raised before any connection is tried.
	await expect(run({ script: 'true', timeoutSeconds: 1, readOnly: true })).rejects.toMatchObject({ name: 'TransportError', kind: 'config' });
	expect(getCredentials).toHaveBeenCalledTimes(1);
});

test("a credential n8n cannot give (deleted, or not usable by this workflow) is a 'config' fault: the node answers __UNAVAILABLE__ misconfigured, never n8n's error", async () => {
	const getCredentials = jest.fn(async () => {
		throw new Error('Credential with ID "6km2bUeRHqpVnRdf" does not exist for type "hermesSshApi".');
	});
	const { run } = remoteHost({ getCredentials } as unknown as IExecuteFunctions);
	await expect(run({ script: 'true', timeoutSeconds: 1, readOnly: true })).rejects.toMatchObject({ name: 'TransportError', kind: 'config', message: expect.stringContaining('does not exist for type "hermesSshApi"') });
	// The node: a list without any credential given.
	const [out] = await executeNode(new HermesVault(), { parameters: { operation: 'list', prefix: '' } });
	expect(out).toEqual([
		{
			json: expect.objectContaining({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here', hint: expect.stringContaining('n8n could not give this node its hermesSshApi credential') }),
			pairedItem: { item: 0 },
		},
	]);
});
