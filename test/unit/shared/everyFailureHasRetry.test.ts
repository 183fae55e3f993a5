import type { IDataObject, INodeType } from 'n8n-workflow';

import { CONTENT, DOCKER, MONITORING, RETRY_POLICIES, UNAVAILABLE_STATES, VAULT } from '../../../nodes/contracts';
import { HermesContent } from '../../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';
import { executeNode } from '../../harness/executeNode';

/**
 * A sweep over every node: each failure it can give without a host (agent input, operator
 * settings, an unusable credential) says what may help in `retry`, and an `__UNAVAILABLE__` one
 * says its `state`. Each item sets the parameters it names; the rest keep the node's defaults.
 */
const P = (name: string) => (item: IDataObject) => item[name];
// No host: the transport refuses this credential before connecting (a `config` fault).
const UNUSABLE_CREDENTIAL = { hermesSshApi: { host: '', port: 22, username: 'x', authMethod: 'password', password: 'x' } };

const SWEEPS: Array<[string, INodeType, Record<string, string>, IDataObject[]]> = [
	[
		'vault',
		new HermesVault(),
		VAULT.params,
		[
			{ operation: 'delete', query: 'x' },
			{ operation: 'read', query: '../x.md' },
			{ operation: 'search', query: '' },
			{ operation: 'search', query: 'x'.repeat(501) },
			{ operation: 'write', query: 'research/x.md', content: '' },
			{ operation: 'write', query: 'research/x.md', content: 'x', baseHash: 'latest' },
			{ operation: 'write', query: 'research/x.md', content: 'x'.repeat(150_001) },
			{ operation: 'list', query: '', vaultPath: 'relative' },
			{ operation: 'write', query: 'research/x.md', content: 'x', writePrefixes: '../' },
			{ operation: 'list', query: '' },
		],
	],
	[
		'docker',
		new HermesDocker(),
		DOCKER.params,
		[
			{ action: 'prune', stack: 'web' },
			{ action: 'restart is not allowed by this tool, use one of: status, logs, list', stack: 'web' },
			{ action: 'stop', stack: 'security-stack' },
			{ action: 'status', stack: '' },
			{ action: 'status', stack: 'Web!' },
			{ action: 'status', stack: 'web', dockerCommand: 'docker; id' },
			{ action: 'status', stack: 'web', allowedActions: '' },
			{ action: 'status', stack: 'web', protectedStacks: 'a b' },
			{ action: 'list', stack: '' },
		],
	],
	[
		'monitoring',
		new HermesMonitoring(),
		MONITORING.params,
		[
			{ mode: 'range', promql: 'up' },
			{ mode: 'query', promql: '' },
			{ mode: 'query', promql: 'x'.repeat(10_001) },
			{ mode: 'query', promql: 'up', prometheusUrl: 'ftp://x' },
			{ mode: 'alerts', promql: '' },
		],
	],
	[
		'content',
		new HermesContent(),
		CONTENT.params,
		[
			{ contentType: 'poem', text: 'x', url: '' },
			{ contentType: 'note', text: '', url: '' },
			{ contentType: 'note', text: 'x'.repeat(20_001), url: '' },
			{ contentType: 'note', text: '', url: 'javascript:alert(1)' },
			{ contentType: 'note', text: '', url: 'http://127.0.0.1/' },
		],
	],
];

test.each(SWEEPS)('%s: every failure has retry, and __UNAVAILABLE__ a state', async (_name, node, params, items) => {
	const names = new Set(items.flatMap((item) => Object.keys(item)));
	const parameters = Object.fromEntries([...names].map((name) => [params[name] ?? name, P(name)]));
	const [out] = await executeNode(node, { parameters, items, credentials: UNUSABLE_CREDENTIAL });
	expect(out).toHaveLength(items.length);
	for (const [index, { json }] of out.entries()) {
		expect({ index, success: json.success }).toEqual({ index, success: false });
		expect(RETRY_POLICIES).toContain(json.retry);
		if (json.error === '__UNAVAILABLE__') expect(UNAVAILABLE_STATES).toContain(json.state);
		else expect(json).not.toHaveProperty('state');
	}
	// The SSH nodes' last item passes every check and reaches the unusable credential.
	if (node.description.credentials) expect(out[out.length - 1].json).toMatchObject({ error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' });
});
