/**
 * Two deployments' gates and pages, generated from two configs that share the approval store
 * (its default name): every Data table node is found in the generated workflows, not listed by
 * hand, touches only the store (there is no lock table: identical calls are told apart by their
 * own rows, dataTables/claim.ts), and each read and write of one deployment names that deployment
 * and never the other's. Only the per-person cap reads across deployments (it is the person who
 * is asked), and only the clean-up of rows stored before rows carried a deployment matches an
 * empty one.
 */
import { GATE_NODES } from '../../../../generator/approvals/gate';
import { PAGE_NODES } from '../../../../generator/approvals/page';
import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { NODE_TYPES } from '../../../../generator/builders/n8nTypes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../../../../generator/config';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const GATED = ['docker_manage', 'vault_write', 'crm_delete_lead'];

interface Condition {
	keyName: string;
	condition: string;
	keyValue?: unknown;
}

/** The gates and the page one config file generates (loaded as push loads it, names following the endpoint), with their Data table nodes. */
function deployment(mcpPath: string) {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-deployments-'));
	const file = join(dir, 'hermes.config.json');
	writeFileSync(file, JSON.stringify({ mcpPath, approvals: { tools: GATED, channel: EMAIL, publicUrl: 'https://n8n.example.com' } }));
	const config = loadConfig(file);
	rmSync(dir, { recursive: true, force: true });
	const workflows = generated(CATALOGUE, config)
		.files.map((f) => f.workflow as Workflow | undefined)
		.filter((w): w is Workflow => w !== undefined && (w.name.startsWith(config.approvals!.gateWorkflowPrefix) || w.name === config.approvals!.pageWorkflow));
	const tableNodes = workflows.flatMap((w) => w.nodes.filter((n) => n.type === NODE_TYPES.dataTable.type).map((n) => ({ workflow: w.name, node: n })));
	return { config, workflows, tableNodes };
}

const A = deployment('hermes-tools');
const B = deployment('hermes-ops');

const tableOf = (n: WorkflowNode) => (n.parameters.dataTableId as { value: string }).value;
const conditionsOf = (n: WorkflowNode) => ((n.parameters.filters as { conditions?: Condition[] } | undefined)?.conditions ?? []);
const deploymentFilter = (n: WorkflowNode) => conditionsOf(n).find((c) => c.keyName === 'deployment');
const written = (n: WorkflowNode) => (n.parameters.columns as { value?: Record<string, unknown> } | undefined)?.value ?? {};

/** What a node of the approval store is, for the table below: what it must match of the deployment. */
function expectedDeployment(nodeName: string, own: string): Condition | 'written' | undefined {
	if (nodeName === GATE_NODES.recentToPerson) return undefined;
	if (nodeName === GATE_NODES.forgetUnowned) return { keyName: 'deployment', condition: 'isEmpty' };
	if (nodeName === GATE_NODES.store) return 'written';
	return { keyName: 'deployment', condition: 'eq', keyValue: own };
}

describe('two deployments sharing the approval tables', () => {
	it('the two configs share the store and nothing else the gates are known by; neither has a lock table', () => {
		expect(A.config.approvals!.table).toBe(B.config.approvals!.table);
		expect(A.config.approvals).not.toHaveProperty('lockTable');
		expect(B.config.approvals).not.toHaveProperty('lockTable');
		expect(A.workflows.map((w) => w.name).sort()).toEqual(['Hermes Approval - crm_delete_lead', 'Hermes Approval - docker_manage', 'Hermes Approval - vault_write', 'Hermes Approval Page']);
		expect(B.workflows.map((w) => w.name).sort()).toEqual([
			'Hermes Approval (hermes-ops) - crm_delete_lead',
			'Hermes Approval (hermes-ops) - docker_manage',
			'Hermes Approval (hermes-ops) - vault_write',
			'Hermes Approval Page (hermes-ops)',
		]);
	});

	describe.each([
		['A', A, 'hermes-tools', 'hermes-ops'],
		['B', B, 'hermes-ops', 'hermes-tools'],
	] as const)('deployment %s', (_name, d, own, other) => {
		const store = d.tableNodes.filter((t) => tableOf(t.node) === d.config.approvals!.table);

		it('every Data table node touches only the store, and each gate and the page have some', () => {
			expect(d.tableNodes.length).toBeGreaterThan(0);
			expect([...new Set(d.tableNodes.map((t) => tableOf(t.node)))]).toEqual([d.config.approvals!.table]);
			expect(store).toHaveLength(d.tableNodes.length);
			for (const workflow of d.workflows) expect(store.some((t) => t.workflow === workflow.name)).toBe(true);
		});

		// The table: each store node of each gate and of the page, and what it matches or writes of the deployment.
		const rows = store.map((t) => [t.workflow, t.node.name, t.node] as const);
		it.each(rows)(`%s / %s matches ${own}, never ${other}`, (_workflow, nodeName, node) => {
			const expected = expectedDeployment(nodeName, own);
			if (expected === 'written') {
				expect(written(node).deployment).toBe(own);
				expect(conditionsOf(node)).toEqual([]);
			} else if (expected === undefined) {
				// The per-person cap: by recipient over every deployment.
				expect(deploymentFilter(node)).toBeUndefined();
				expect(conditionsOf(node).map((c) => c.keyName)).toEqual(['recipient', 'requested_at']);
			} else {
				expect(deploymentFilter(node)).toEqual(expected);
			}
			expect(JSON.stringify(node.parameters)).not.toContain(`"${other}"`);
		});

		it('the page reads and decides only this deployment\'s requests', () => {
			const page = d.workflows.find((w) => w.name === d.config.approvals!.pageWorkflow)!;
			for (const name of [PAGE_NODES.find, PAGE_NODES.decide]) {
				expect(deploymentFilter(page.nodes.find((n) => n.name === name)!)).toEqual({ keyName: 'deployment', condition: 'eq', keyValue: own });
			}
		});
	});

	it('the table covers every node that touches the store: claim, find pending, the claim of a new request, cap, store, file, outcome, look-ups, clean-ups', () => {
		const names = new Set(A.tableNodes.filter((t) => tableOf(t.node) === 'hermes_approvals').map((t) => t.node.name));
		expect([...names].sort()).toEqual(
			[
				...new Set([
					GATE_NODES.forget,
					GATE_NODES.forgetUnowned,
					GATE_NODES.forgetArguments,
					GATE_NODES.claim,
					GATE_NODES.lookUp,
					GATE_NODES.lookUpRefused,
					GATE_NODES.findPending,
					GATE_NODES.store,
					GATE_NODES.readClaims,
					GATE_NODES.decide,
					GATE_NODES.readDecided,
					GATE_NODES.withdraw,
					GATE_NODES.lookAgain,
					GATE_NODES.recent,
					GATE_NODES.recentToPerson,
					GATE_NODES.withdrawOverCap,
					GATE_NODES.file,
					GATE_NODES.forgetUnsent,
					GATE_NODES.recordOutcome,
					PAGE_NODES.find,
					PAGE_NODES.decide,
				]),
			].sort(),
		);
	});
});
