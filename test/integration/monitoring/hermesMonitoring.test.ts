import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { MONITORING_CAPS } from '../../../core/monitoring/contract';
import { closeAllConnections, runRemote } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { FIRING_ALERT, FIRING_SUMMARY, startPrometheus, type PrometheusHandle } from '../../harness/prometheus';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * Real parts only: OpenSSH sshd on 127.0.0.1, the real node and transport, curl on the "host",
 * and Debian's Prometheus with one alert that always fires and one that never fires. The whole
 * suite runs twice: with sshd carrying the node's TCP channel to Prometheus (the default), and
 * with `AllowTcpForwarding no`, where the node runs curl on the host instead.
 */
jest.setTimeout(180_000);

let prom: PrometheusHandle;
let scratch: string;

beforeAll(async () => {
	scratch = mkdtempSync(join(tmpdir(), 'hermes-monitoring-'));
	prom = await startPrometheus();
});

afterAll(async () => {
	await prom?.stop();
	rmSync(scratch, { recursive: true, force: true });
});

describe.each([
	{ path: 'through an SSH channel', extraConfig: [], refused: /sshd could not connect to 127\.0\.0\.1:1 \(Connection refused\)/ },
	{ path: 'by curl on the host (AllowTcpForwarding no)', extraConfig: ['AllowTcpForwarding no'], refused: /Failed to connect/ },
])('Prometheus asked $path', ({ extraConfig, refused }) => {
	let sshd: SshdHandle;

	beforeAll(async () => {
		sshd = await startSshd({ extraConfig });
	});

	afterAll(async () => {
		await closeAllConnections();
		await sshd?.stop();
	});

	async function monitor(parameters: Record<string, unknown>, items?: IDataObject[]) {
		const [out] = await executeNode(new HermesMonitoring(), {
			parameters: { prometheusUrl: prom.url, ...parameters },
			items,
			credentials: { hermesSshApi: sshd.credentials },
		});
		return out;
	}

	/** What Prometheus itself says about a query, asked directly over HTTP (the reference). */
	async function direct(query: string): Promise<{ status: string; error?: string }> {
		const response = await fetch(`${prom.url}/api/v1/query`, { method: 'POST', body: new URLSearchParams({ query }) });
		return (await response.json()) as { status: string; error?: string };
	}

	test('alerts returns exactly the firing alert, shaped as name, labels, summary, since', async () => {
		const [item] = await monitor({ operation: 'alerts' });
		expect(item.json).toMatchObject({ success: true, mode: 'alerts', count: 1, returned: 1, truncated: false });
		expect(item.json.alerts).toEqual([{ name: FIRING_ALERT, labels: { severity: 'warning' }, summary: FIRING_SUMMARY, since: expect.any(String) }]);
		expect(Number.isNaN(Date.parse((item.json.alerts as IDataObject[])[0].since as string))).toBe(false);
	});

	test('query returns up for the self-scrape', async () => {
		const [item] = await monitor({ operation: 'query', promql: 'up' });
		expect(item.json).toMatchObject({ success: true, mode: 'query', resultType: 'vector', seriesCount: 1, truncated: false });
		expect(item.json.result).toEqual([{ metric: { __name__: 'up', instance: `127.0.0.1:${prom.port}`, job: 'prometheus' }, value: [expect.any(Number), '1'] }]);
	});

	test('more series than the cap: truncated, and the answer says so', async () => {
		const [item] = await monitor({ operation: 'query', promql: '{__name__=~".+"}' });
		const { seriesCount, returned } = item.json as { seriesCount: number; returned: number };
		expect(seriesCount).toBeGreaterThan(MONITORING_CAPS.series);
		expect(returned).toBeLessThanOrEqual(MONITORING_CAPS.series);
		expect(returned).toBeLessThan(seriesCount);
		expect(item.json.truncated).toBe(true);
		expect(item.json.hint).toContain(`Showing ${returned} of ${seriesCount} series`);
		expect(JSON.stringify(item.json.result).length).toBeLessThanOrEqual(MONITORING_CAPS.chars);
	});

	test("a syntax error comes back as __BAD_ARGUMENT__ with Prometheus' own message", async () => {
		const reference = await direct('sum(rate(up[5m])');
		expect(reference.status).toBe('error');
		const [item] = await monitor({ operation: 'query', promql: 'sum(rate(up[5m])' });
		expect(item.json).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
		expect(item.json.hint).toContain(reference.error);
	});

	test('bad input is answered before anything runs', async () => {
		const out = await monitor(
			{ operation: (i: IDataObject) => i.mode, promql: (i: IDataObject) => i.promql, prometheusUrl: (i: IDataObject) => i.url ?? prom.url },
			[
				{ mode: 'range', promql: 'up' },
				{ mode: 'query', promql: '   ' },
				{ mode: 'query', promql: 'up', url: 'file:///etc/passwd' },
				{ mode: 'query', promql: 'up', url: `http://127.0.0.1:${prom.port}/?x=$(id)` },
			],
		);
		// The URL is the operator's setting: a bad one is an infrastructure fault, not the agent's to fix.
		expect(out.map((o) => o.json.error)).toEqual(['__BAD_ARGUMENT__', '__EMPTY_QUERY__', '__UNAVAILABLE__', '__UNAVAILABLE__']);
		expect(out.slice(2).map((o) => o.json.hint)).toEqual([0, 1].map(() => expect.stringMatching(/^The Prometheus URL setting .*Tell the operator\.$/)));
		expect(out.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	});

	test('Prometheus down -> __UNAVAILABLE__ saying why', async () => {
		const [item] = await monitor({ operation: 'alerts', prometheusUrl: 'http://127.0.0.1:1' });
		expect(item.json).toMatchObject({ success: false, error: '__UNAVAILABLE__', hint: expect.stringMatching(refused), retry: 'later', state: 'unreachable' });
	});

	test('queries are read-only: with sshd down when the call starts and back 3 s later, the call is retried and succeeds', async () => {
		await closeAllConnections();
		await sshd.kill();
		const back = new Promise((resolve) => setTimeout(resolve, 3000)).then(async () => await sshd.start());
		try {
			const [item] = await monitor({ operation: 'query', promql: 'vector(7)' });
			expect(item.json).toMatchObject({ success: true, result: [{ metric: {}, value: [expect.any(Number), '7'] }] });
		} finally {
			await back;
		}
	});

	describe('hostile PromQL never runs on the host and reaches Prometheus verbatim', () => {
		let canary: string;
		const hostile = () => [
			`$(touch ${canary})`,
			`\`touch ${canary}\``,
			`up; touch ${canary}`,
			`up && touch ${canary}`,
			`up || touch ${canary}`,
			`up | touch ${canary}`,
			`up\ntouch ${canary}`,
			`up\r\ntouch ${canary}\n`,
			`'; touch ${canary}; '`,
			`"; touch ${canary}; "`,
			`\\'$(touch ${canary})\\'`,
			`up > ${canary}`,
			`up < /etc/passwd`,
			`\${IFS}touch\${IFS}${canary}`,
			`$((1+1))$(touch ${canary})`,
			'--data query=up',
			`-K /etc/passwd -o ${canary}`,
			'@/etc/passwd',
			'query@/etc/passwd',
			'up&query=vector(2)',
			`%0atouch%20${canary}`,
			`up # $(touch ${canary})`,
			`up{job="$(touch ${canary})"}`,
			`up{job='\`touch ${canary}\`'}`,
			`up{job="ü\u2028\t'\\""}`,
			'\u0000up',
		];

		beforeAll(() => {
			canary = join(scratch, 'CANARY');
		});

		test('the canary check can see a file created over SSH (control)', async () => {
			const control = join(scratch, 'CONTROL');
			await runRemote(sshd.connection, { script: 'touch "$1"', args: [control], timeoutSeconds: 10, readOnly: false });
			expect(existsSync(control)).toBe(true);
		});

		test('each string as the whole query: Prometheus judges exactly that string', async () => {
			const queries = hostile();
			expect(queries.length).toBeGreaterThanOrEqual(20);
			const out = await monitor({ operation: 'query', promql: (i: IDataObject) => i.q }, queries.map((q) => ({ q })));
			for (const [index, query] of queries.entries()) {
				const reference = await direct(query);
				const answer = out[index].json;
				if (reference.status === 'success') {
					expect({ query, success: answer.success }).toEqual({ query, success: true });
				} else {
					expect({ query, error: answer.error }).toEqual({ query, error: '__BAD_ARGUMENT__' });
					expect({ query, hint: answer.hint }).toEqual({ query, hint: expect.stringContaining(reference.error as string) });
				}
			}
			expect(existsSync(canary)).toBe(false);
		});

		test('each string inside a PromQL literal comes back byte for byte, and the query log holds the exact query', async () => {
			const payloads = hostile().filter((p) => !p.includes('\u0000'));
			const queries = payloads.map((p) => `label_join(vector(1), "echo", ${JSON.stringify(p)}, "a", "b")`);
			const out = await monitor({ operation: 'query', promql: (i: IDataObject) => i.q }, queries.map((q) => ({ q })));
			for (const [index, payload] of payloads.entries()) {
				expect(out[index].json).toMatchObject({ success: true, seriesCount: 1 });
				expect((out[index].json.result as Array<{ metric: IDataObject }>)[0].metric.echo).toBe(payload);
			}
			const logged = await prom.loggedQueries();
			for (const query of queries) expect(logged).toContain(query);
			expect(existsSync(canary)).toBe(false);
		});
	});
});
