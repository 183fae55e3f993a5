import { defaultConfig } from '../../../../generator/config';
import { workflowsOf, desiredWorkflows } from '../../../../generator/deploy/desired';
import { detectDrift } from '../../../../generator/deploy/drift';
import { pushWorkflows } from '../../../../generator/deploy/push';
import type { DesiredWorkflow } from '../../../../generator/deploy/desired';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { FakeN8n } from './fakeN8n';

/**
 * Two configs deployed to one n8n with the same gateway workflow names (the default ones) but
 * their own tool workflow and path: each push keeps the other's caller, and a gateway the two
 * generate differently is reported.
 */
const first = desiredWorkflows();
const config = defaultConfig();
const MCP_A = config.workflowName;
const MCP_B = 'Hermes MCP Tools - ops';
const VAULT = config.gatewayWorkflows.vault;
const GATEWAYS = Object.values(config.gatewayWorkflows);
/** The second config's create-once workflows are its own, named after its endpoint (as loadConfig names them). */
const creates = { ...config.creates, workflowPrefix: 'Hermes Create (hermes-ops) - ' };
const sameGateways = workflowsOf({ tools: CATALOGUE, config: { ...config, workflowName: MCP_B, mcpPath: 'hermes-ops', creates } });
const otherVault = workflowsOf({
	tools: CATALOGUE,
	config: { ...config, workflowName: MCP_B, mcpPath: 'hermes-ops', creates, vault: { ...config.vault, path: '/srv/ops-vault' } },
});
/**
 * Each config's caller of a gateway: its MCP tools workflow, but for the content gateway, whose one
 * tool creates once, the config's create-once workflow of that tool.
 */
const CONTENT = config.gatewayWorkflows.content;
const callerA = (gateway: string) => (gateway === CONTENT ? `${config.creates.workflowPrefix}content_generate` : MCP_A);
const callerB = (gateway: string) => (gateway === CONTENT ? `${creates.workflowPrefix}content_generate` : MCP_B);
/** The workflows of the second config that call a shared gateway. */
const OUTSIDE_CALLERS = [...new Set(GATEWAYS.map(callerB))];

async function push(n8n: FakeN8n, desired: DesiredWorkflow[]) {
	const lines: string[] = [];
	const report = await pushWorkflows(n8n.client, desired, { log: (line) => lines.push(line) });
	return { report, lines };
}

const idOf = (n8n: FakeN8n, name: string) => n8n.byName(name)!.id;
const callerIdsOf = (n8n: FakeN8n, name: string) => String(n8n.byName(name)!.settings!.callerIds).split(',').sort();
const bothCallers = (n8n: FakeN8n, gateway: string) => [idOf(n8n, callerA(gateway)), idOf(n8n, callerB(gateway))].sort();

it('the second config shares every gateway and no create-once workflow', () => {
	expect(OUTSIDE_CALLERS).toEqual([MCP_B, 'Hermes Create (hermes-ops) - content_generate']);
	const names = (workflows: DesiredWorkflow[]) => workflows.map((w) => w.body.name);
	expect(names(first).filter((name) => names(sameGateways).includes(name)).sort()).toEqual([...GATEWAYS].sort());
});

describe('push keeps callers outside this push', () => {
	it.each<[string, DesiredWorkflow[]]>([
		['same gateways', sameGateways],
		['a gateway generated differently', otherVault],
	])('second config (%s): every gateway lists both tool workflows, and push names the kept caller', async (_label, second) => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		const { lines } = await push(n8n, second);
		for (const gateway of GATEWAYS) expect([gateway, callerIdsOf(n8n, gateway)]).toEqual([gateway, bothCallers(n8n, gateway)]);
		const kept = lines.filter((l) => l.startsWith('  kept in callerIds'));
		expect(kept).toHaveLength(GATEWAYS.length);
		for (const gateway of GATEWAYS) expect(kept.filter((line) => line.includes(`"${callerA(gateway)}" (id ${idOf(n8n, callerA(gateway))})`)).length).toBeGreaterThan(0);
	});

	it('pushing the first config again keeps the second one\'s caller, and a third push writes nothing', async () => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		await push(n8n, sameGateways);
		await push(n8n, first);
		for (const gateway of GATEWAYS) expect([gateway, callerIdsOf(n8n, gateway)]).toEqual([gateway, bothCallers(n8n, gateway)]);
		n8n.calls.length = 0;
		const { report } = await push(n8n, first);
		expect(report.changed).toBe(false);
		expect(n8n.writes).toEqual([]);
	});

	it.each<[string, (n8n: FakeN8n, name: string) => void]>([
		['the outside caller no longer calls the gateway', (n8n, name) => (n8n.byName(name)!.nodes = [])],
		['the outside caller is archived', (n8n, name) => (n8n.byName(name)!.isArchived = true)],
		['the outside caller was deleted', (n8n, name) => n8n.workflows.delete(idOf(n8n, name))],
	])('%s: its id is dropped', async (_label, edit) => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		await push(n8n, sameGateways);
		for (const name of OUTSIDE_CALLERS) {
			n8n.byName(name)!.activeVersion = null;
			edit(n8n, name);
		}
		const { lines } = await push(n8n, first);
		for (const gateway of GATEWAYS) expect([gateway, callerIdsOf(n8n, gateway)]).toEqual([gateway, [idOf(n8n, callerA(gateway))]]);
		expect(lines.some((l) => l.startsWith('  kept in callerIds'))).toBe(false);
	});

	it('a workflow outside the push that calls a gateway but was never listed is not added', async () => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		const stranger = await n8n.createWorkflow({ ...structuredClone(n8n.byName(MCP_A)!), name: 'Someone else' } as never);
		n8n.workflows.get(stranger.id)!.settings = {};
		await push(n8n, first);
		for (const gateway of GATEWAYS) expect([gateway, callerIdsOf(n8n, gateway)]).toEqual([gateway, [idOf(n8n, callerA(gateway))]]);
		// The stranger calls the create-once workflows too: they list only the MCP tools workflow.
		for (const once of first.map((w) => w.body.name).filter((name) => name.startsWith(config.creates.workflowPrefix))) expect([once, callerIdsOf(n8n, once)]).toEqual([once, [idOf(n8n, MCP_A)]]);
	});

	it('a gateway the second config generates differently: push says the change reaches the other config\'s tools', async () => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		const { lines } = await push(n8n, otherVault);
		const notes = lines.filter((l) => l.startsWith('  note:') && l.includes('two configs share the name'));
		expect(notes).toHaveLength(1);
		expect(notes[0]).toContain(`"${VAULT}" is also called by "${MCP_A}"`);
		expect(notes[0]).toContain('gatewayWorkflows');
	});
});

describe('diff reports a sub-workflow two configs generate differently', () => {
	it.each<[string, DesiredWorkflow[], string[]]>([
		['same gateways: both configs in sync', sameGateways, []],
		['the vault gateway differs: the first config sees the conflict', otherVault, [VAULT]],
	])('%s', async (_label, second, conflicting) => {
		const n8n = new FakeN8n();
		await push(n8n, first);
		await push(n8n, second);
		n8n.calls.length = 0;
		const fromFirst = await detectDrift(n8n.client, first);
		expect(fromFirst.conflicts.map((c) => c.name)).toEqual(conflicting);
		for (const conflict of fromFirst.conflicts) {
			expect(conflict.callers.map((c) => c.name)).toEqual([MCP_B]);
			expect(conflict.fix).toContain('gatewayWorkflows');
		}
		expect(fromFirst.entries.filter((e) => e.findings.length > 0).map((e) => e.name)).toEqual(conflicting);
		// The config pushed last is what runs: in sync, its callerIds listing the first config's caller too.
		const fromSecond = await detectDrift(n8n.client, second);
		expect(fromSecond.inSync).toBe(true);
		expect(fromSecond.conflicts).toEqual([]);
		expect(n8n.writes).toEqual([]);
	});
});
