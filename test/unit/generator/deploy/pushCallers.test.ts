import { workflowBody } from '../../../../generator/n8nClient/body';
import { desiredWorkflows } from '../../../../generator/deploy/desired';
import { detectDrift } from '../../../../generator/deploy/drift';
import { pushWorkflows, type PushOptions } from '../../../../generator/deploy/push';
import { FakeN8n } from './fakeN8n';

/** push's caller policy against an n8n in memory: callerIds wired, a second pass only when needed, no loop. */
const generated = desiredWorkflows();
const MCP = 'Hermes MCP Tools';
/** Every workflow push creates but the MCP tools workflow: each is called (the gateways, the create-once workflows). */
const GATEWAYS = generated.map((d) => d.body.name).filter((name) => name !== MCP);
const WORKFLOWS = generated.length;
/** The content gateway's one tool creates once: its create-once workflow calls the gateway; the MCP workflow calls every other one. */
const CONTENT = 'Hermes Gateway - Content';
const CONTENT_ONCE = 'Hermes Create - content_generate';
const callerOf = (name: string) => (name === CONTENT ? CONTENT_ONCE : MCP);
const CALLED_BY_MCP = GATEWAYS.filter((name) => callerOf(name) === MCP);

async function push(n8n: FakeN8n, options: PushOptions = {}) {
	const lines: string[] = [];
	n8n.calls.length = 0;
	const report = await pushWorkflows(n8n.client, generated, { ...options, log: (line) => lines.push(line) });
	return { report, lines, writes: [...n8n.writes], calls: [...n8n.calls] };
}

const callerIdsOf = (n8n: FakeN8n, name: string) => n8n.byName(name)?.settings?.callerIds;

describe('push wires callerIds', () => {
	it('first push: gateways created before their caller, then a second pass lists the caller, published', async () => {
		const n8n = new FakeN8n();
		const { report, lines, writes } = await push(n8n);
		expect(GATEWAYS).toContain(CONTENT);
		expect(GATEWAYS).toContain(CONTENT_ONCE);
		const callerId = (name: string) => n8n.byName(callerOf(name))!.id;
		for (const gateway of GATEWAYS) {
			expect(n8n.byName(gateway)!.settings).toMatchObject({ callerPolicy: 'workflowsFromAList', callerIds: callerId(gateway) });
			const id = n8n.byName(gateway)!.id;
			expect(lines).toContain(`update  ${gateway} (id ${id}): callers ${callerId(gateway)}; published`);
			expect(n8n.byName(gateway)!.activeVersionId).toBe(n8n.byName(gateway)!.versionId);
		}
		expect(writes.filter((w) => w === 'POST /workflows')).toHaveLength(generated.length);
		// One PUT (as a draft) and one more publish per called workflow, after the last caller was created.
		const firstPut = writes.findIndex((w) => w.startsWith('PUT '));
		expect(firstPut).toBeGreaterThan(writes.lastIndexOf('POST /workflows'));
		expect(writes.filter((w) => w.startsWith('PUT ')).every((w) => w.endsWith('?publishIfActive=false'))).toBe(true);
		expect(writes.filter((w) => w.startsWith('PUT '))).toHaveLength(GATEWAYS.length);
		expect(writes.filter((w) => w.endsWith('/activate'))).toHaveLength(generated.length + GATEWAYS.length);
		expect(report.outcomes.filter((o) => GATEWAYS.includes(o.name) && o.callerIds === callerId(o.name)).map((o) => o.name).sort()).toEqual([...GATEWAYS].sort());
		expect(report.outcomes.every((o) => o.action === 'created')).toBe(true);
		expect(GATEWAYS.length).toBeGreaterThan(0);
		expect(lines.at(-1)).toBe(`${WORKFLOWS} created, 0 updated, ${WORKFLOWS} published, 0 unchanged, callers wired into ${GATEWAYS.length} after their callers were created`);
	});

	it('a second push of the same thing makes no write and reports no change', async () => {
		const n8n = new FakeN8n();
		await push(n8n);
		const { report, lines, writes } = await push(n8n);
		expect(writes).toEqual([]);
		expect(report.changed).toBe(false);
		expect(lines).toContain(`no change: ${WORKFLOWS} workflows already up to date and published`);
	});

	it('the callers exist already: callerIds right in the main pass, no second pass', async () => {
		const n8n = new FakeN8n();
		await push(n8n);
		const vault = n8n.byName('Hermes Gateway - Vault')!;
		// A hand edit in n8n: another workflow added to the list.
		n8n.workflows.get(vault.id)!.settings = { ...vault.settings, callerIds: `${vault.settings!.callerIds},intruder` };
		const { lines, writes } = await push(n8n);
		expect(writes).toEqual([`PUT /workflows/${vault.id}?publishIfActive=false`, `POST /workflows/${vault.id}/activate`]);
		expect(lines.some((l) => l.startsWith(`update  Hermes Gateway - Vault (id ${vault.id}): settings differ at callerIds; published`))).toBe(true);
		expect(lines.some((l) => l.includes('callers wired'))).toBe(false);
		expect(callerIdsOf(n8n, 'Hermes Gateway - Vault')).toBe(n8n.byName(MCP)!.id);
	});

	it('the caller was deleted in n8n: push recreates it and the second pass lists its new id', async () => {
		const n8n = new FakeN8n();
		await push(n8n);
		const old = n8n.byName(MCP)!.id;
		n8n.workflows.delete(old);
		const { writes } = await push(n8n);
		const recreated = n8n.byName(MCP)!.id;
		expect(recreated).not.toBe(old);
		for (const gateway of CALLED_BY_MCP) expect(callerIdsOf(n8n, gateway)).toBe(recreated);
		expect(callerIdsOf(n8n, CONTENT)).toBe(n8n.byName(CONTENT_ONCE)!.id);
		expect(writes.filter((w) => w === 'POST /workflows')).toEqual(['POST /workflows']);
		expect((await push(n8n)).writes).toEqual([]);
	});

	it.each<[string, boolean]>([
		['an empty n8n', false],
		['an n8n holding the workflows', true],
	])('--dry-run on %s makes only GETs', async (_label, pushedBefore) => {
		const n8n = new FakeN8n();
		if (pushedBefore) {
			await push(n8n);
			n8n.workflows.delete(n8n.byName(MCP)!.id);
		}
		const { calls, lines } = await push(n8n, { dryRun: true });
		expect(calls.every((c) => c.startsWith('GET '))).toBe(true);
		const wouldList = (caller: string) => lines.filter((l) => l.startsWith('would update ') && l.includes(`: callers <id of new workflow "${caller}">`));
		expect(wouldList(MCP)).toHaveLength(CALLED_BY_MCP.length);
		// The content gateway's caller is new only in an empty n8n.
		expect(wouldList(CONTENT_ONCE).map((l) => l.split(' (id')[0])).toEqual(pushedBefore ? [] : [`would update  ${CONTENT}`]);
	});

	it('an n8n that drops callerIds: one second pass, a note, and no loop', async () => {
		const n8n = new FakeN8n({ dropsCallerIds: true });
		const first = await push(n8n);
		expect(first.writes.filter((w) => w.startsWith('PUT '))).toHaveLength(GATEWAYS.length);
		expect(first.lines.filter((l) => l.includes('note: n8n did not keep callerIds'))).toHaveLength(GATEWAYS.length);
		// Each later push tries once per gateway (the main pass), never more.
		const second = await push(n8n);
		expect(second.writes.filter((w) => w.startsWith('PUT '))).toHaveLength(GATEWAYS.length);
		expect(second.lines.some((l) => l.includes('callers wired'))).toBe(false);
	});
});

describe('diff compares callerIds as push writes them', () => {
	it.each<[string, (n8n: FakeN8n) => void, string[]]>([
		['after a push: in sync', () => undefined, []],
		[
			'a hand-edited list is drift',
			(n8n) => {
				n8n.byName('Hermes Gateway - Docker')!.settings!.callerIds = 'someone-else';
			},
			['Hermes Gateway - Docker: settings differ at callerIds'],
		],
		[
			'a policy switched to any is drift',
			(n8n) => {
				n8n.byName('Hermes Gateway - Vault')!.settings!.callerPolicy = 'any';
			},
			['Hermes Gateway - Vault: settings differ at callerPolicy'],
		],
	])('%s', async (_label, edit, findings) => {
		const n8n = new FakeN8n();
		await push(n8n);
		edit(n8n);
		n8n.calls.length = 0;
		const report = await detectDrift(n8n.client, generated);
		expect(report.entries.flatMap((e) => e.findings.map((f) => `${e.name}: ${f}`))).toEqual(findings);
		expect(report.inSync).toBe(findings.length === 0);
		expect(n8n.writes).toEqual([]);
	});

	it('the body push sends keeps callerPolicy and callerIds (the API accepts both in settings)', async () => {
		const n8n = new FakeN8n();
		await push(n8n);
		const { body, dropped } = workflowBody(n8n.byName('Hermes Gateway - Vault'));
		expect(body.settings).toMatchObject({ callerPolicy: 'workflowsFromAList', callerIds: n8n.byName(MCP)!.id });
		expect(dropped.filter((key) => key.startsWith('settings.'))).toEqual([]);
	});
});
