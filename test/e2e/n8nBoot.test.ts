import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startN8n, type N8nHandle } from '../harness/n8n';

/**
 * Smoke test of the harness against a REAL n8n 2.41.1: boot, owner, API key, public API, and
 * the community-package install path (npm pack, then n8n's own install steps), proven with a tiny
 * probe package (one node that needs one runtime dependency from the registry, a dev dependency
 * and a peer that must not be installed) so it does not depend on this repo's build.
 */
function writeProbePackage(root: string): void {
	const write = (file: string, text: string) => {
		mkdirSync(join(root, file, '..'), { recursive: true });
		writeFileSync(join(root, file), text);
	};
	write(
		'package.json',
		JSON.stringify({
			name: 'n8n-nodes-harness-probe',
			version: '1.0.0',
			files: ['dist'],
			dependencies: { 'is-number': '7.0.0' },
			devDependencies: { 'is-odd': '3.0.1' },
			peerDependencies: { 'n8n-workflow': '*' },
			n8n: { n8nNodesApiVersion: 1, nodes: ['dist/nodes/HarnessProbe/HarnessProbe.node.js'], credentials: [] },
		}),
	);
	write(
		'dist/nodes/HarnessProbe/HarnessProbe.node.js',
		`const isNumber = require('is-number');
const marker = isNumber(7) ? 'probe dependency loaded' : 'wrong';
class HarnessProbe {
	constructor() {
		this.description = {
			displayName: 'Harness Probe', name: 'harnessProbe', group: ['transform'], version: 1,
			description: marker, defaults: { name: 'Harness Probe' },
			inputs: ['main'], outputs: ['main'], properties: [],
		};
	}
	async execute() { return [this.getInputData()]; }
}
module.exports = { HarnessProbe };
`,
	);
}

describe('n8n harness (real n8n)', () => {
	let n8n: N8nHandle;
	let probeRoot: string;

	beforeAll(async () => {
		probeRoot = mkdtempSync(join(tmpdir(), 'hermes-probe-pkg-'));
		writeProbePackage(probeRoot);
		n8n = await startN8n({ repoRoot: probeRoot });
	});

	afterAll(async () => {
		await n8n?.stop();
		rmSync(probeRoot, { recursive: true, force: true });
	});

	it('answers the public API with the bootstrapped key', async () => {
		const response = await fetch(`${n8n.baseUrl}/api/v1/workflows`, { headers: { 'X-N8N-API-KEY': n8n.apiKey } });
		expect(response.status).toBe(200);
		const body = (await response.json()) as { data: unknown[] };
		expect(body.data).toEqual([]);
	});

	it('refuses a wrong API key with 401', async () => {
		const response = await fetch(`${n8n.baseUrl}/api/v1/workflows`, { headers: { 'X-N8N-API-KEY': 'wrong' } });
		expect(response.status).toBe(401);
	});

	it('creates and lists a workflow through the public API', async () => {
		const headers = { 'X-N8N-API-KEY': n8n.apiKey, 'content-type': 'application/json' };
		const created = await fetch(`${n8n.baseUrl}/api/v1/workflows`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ name: 'Harness smoke', nodes: [], connections: {}, settings: {} }),
		});
		expect(created.status).toBe(200);
		const listed = (await (await fetch(`${n8n.baseUrl}/api/v1/workflows`, { headers })).json()) as {
			data: Array<{ name: string }>;
		};
		expect(listed.data.map((w) => w.name)).toEqual(['Harness smoke']);
	});

	it('loads the installed package as <package>.<node> with its runtime dependency', async () => {
		const installed = join(n8n.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-harness-probe');
		expect(existsSync(join(installed, 'node_modules', 'is-number', 'index.js'))).toBe(true);
		// n8n strips devDependencies and peerDependencies before installing.
		expect(existsSync(join(installed, 'node_modules', 'is-odd'))).toBe(false);
		expect(existsSync(join(installed, 'node_modules', 'n8n-workflow'))).toBe(false);
		const response = await fetch(`${n8n.baseUrl}/types/nodes.json`, { headers: { cookie: n8n.cookie } });
		expect(response.status).toBe(200);
		const types = (await response.json()) as Array<{ name: string; description: string }>;
		const probe = types.find((t) => t.name === 'n8n-nodes-harness-probe.harnessProbe');
		expect(probe?.description).toBe('probe dependency loaded');
	});

	it('stop() ends n8n and removes its user folder', async () => {
		const { baseUrl, userFolder } = n8n;
		await n8n.stop();
		expect(existsSync(userFolder)).toBe(false);
		await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
	});
});
