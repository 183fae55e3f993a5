import type { DoctorReport } from '../../../generator/doctor';
import type { QueueN8nHandle } from '../../harness/queue/stack';
import { startHermesStack, type HermesStack } from './stack';

/**
 * `hermes-workflows doctor` against n8n in queue mode (main and the workers `startN8n` leaves
 * running, over PostgreSQL and Redis): the mode read from n8n's settings, every check ok, the
 * read tools answered by their own nodes through a worker; then, with every worker gone, a read
 * call nobody answers within the bound is a failure that names the workers.
 */
export function describeDoctorQueue(startN8n: () => Promise<QueueN8nHandle>): void {
	jest.setTimeout(300_000);
	let stack: HermesStack<QueueN8nHandle>;

	beforeAll(async () => {
		stack = await startHermesStack({ startN8n });
		process.env.N8N_EMAIL = stack.n8n.owner.email;
		process.env.N8N_PASSWORD = stack.n8n.owner.password;
	}, 420_000);

	afterAll(async () => {
		await stack?.stop();
	}, 120_000);

	async function doctor(...args: string[]): Promise<{ code: number; report: DoctorReport }> {
		const result = await stack.cli('doctor', '--format', 'json', '--token', stack.token, ...args);
		return { code: result.code, report: JSON.parse(result.stdout) as DoctorReport };
	}

	it('queue mode, read from the settings; every check ok, the read tools from their own nodes', async () => {
		const { code, report } = await doctor('--call-reads');
		expect(report.checks.find((c) => c.id === 'n8n-instance')!.message).toMatch(/n8n 2\.41\.1 \(from the editor page\), queue mode \(from settings\): a disabled tool node would not misroute/);
		expect(report.checks.map((c) => [c.id, c.status])).toEqual(report.checks.map((c) => [c.id, 'ok']));
		expect(code).toBe(0);
	});

	it('no worker runs the calls: no answer within the bound, and doctor names the workers', async () => {
		for (const index of stack.n8n.workers.keys()) await stack.n8n.killWorker(index, 'SIGKILL');
		const { code, report } = await doctor('--call-reads', '--timeout', '8');
		const reads = report.checks.find((c) => c.id === 'read-tools')!;
		expect(reads.status).toBe('fail');
		expect(reads.message).toMatch(/odoo_list_projects: tools\/call on .* got no answer within 8 s: in queue mode no worker ran it; the n8n-nodes-hermes package may be missing on a worker/);
		expect(reads.fix).toMatch(/install n8n-nodes-hermes on every worker/);
		expect(code).toBe(1);
	});
}
