/**
 * Each node's contract is the one source of its type name, version, parameter names, operations
 * and setting defaults, which the generator builds workflows from: the node's description must
 * say the same. Which operations show a parameter is held to what each operation reads when it
 * runs, since n8n drops a parameter hidden for the item's operation.
 */
import type { INodeProperties } from 'n8n-workflow';

import { AGENT_ARGUMENTS } from '../../../../core/agentArguments';
import { executeNode } from '../../../harness/executeNode';
import { ALL_NODES } from '../../../helpers/allNodes';
import { UNUSABLE_CREDENTIAL } from '../../../helpers/nodeCases';

describe.each(ALL_NODES.map((entry) => [entry.contract.type, entry] as const))('the %s node and its contract', (_type, { node, contract, passing }) => {
	const { properties } = node.description;
	const property = (role: string): INodeProperties | undefined => properties.find((p) => p.name === (contract.params as Record<string, string>)[role]);

	it('has exactly the parameters the contract names, and the two agent-arguments ones where it says so', () => {
		const agent = contract.agentArguments ? Object.values(AGENT_ARGUMENTS.params) : [];
		expect(properties.map((p) => p.name).sort()).toEqual([...new Set(Object.values(contract.params)), ...agent].sort());
	});

	it('defaults each setting to the contract value', () => {
		for (const [role, value] of Object.entries(contract.settingDefaults)) expect([role, property(role)?.default]).toEqual([role, value]);
	});

	it('feeds each sub-workflow input into its parameters', () => {
		for (const roles of Object.values(contract.subWorkflowInputs)) for (const role of roles) expect([role, property(role)]).toEqual([role, expect.anything()]);
	});

	it('selects with one `operation` parameter offering exactly the contract operations', () => {
		expect(property('operation')).toMatchObject({ name: 'operation', type: 'options' });
		expect((property('operation')?.options ?? []).map((o) => ('value' in o ? o.value : undefined)).sort()).toEqual([...contract.operations].sort());
	});

	it('holds each allow-list in a setting whose values are the choices of the parameter it restricts', () => {
		for (const [role, list] of Object.entries(contract.allowLists)) {
			expect(property(list!.setting)).toMatchObject({ type: 'string', default: list!.values.join(',') });
			const choices = (property(role)?.options ?? []).map((o) => ('value' in o ? o.value : undefined));
			expect([...list!.values].sort()).toEqual(choices.sort());
		}
	});

	it('has a passing call (its cases.ts) for exactly the contract operations', () => {
		expect(Object.keys(passing).sort()).toEqual([...contract.operations].sort());
	});

	/** The parameter names an operation reads when it runs, through the node's real execute(): as a call, and as a Check Only run where it has one. */
	async function readBy(operation: string): Promise<Set<string>> {
		const read = new Set<string>();
		const checkOnly = contract.checkOnly === undefined ? undefined : property(contract.checkOnly);
		const checks = checkOnly && (checkOnly.displayOptions?.show?.operation ?? [operation]).includes(operation);
		for (const extra of checks ? [{}, { [checkOnly.name]: true }] : [{}]) {
			const given: Record<string, unknown> = { operation, ...passing[operation], ...extra };
			const parameters = new Proxy(given, { has: (target, name) => (read.add(String(name)), name in target) });
			await executeNode(node, { parameters, credentials: UNUSABLE_CREDENTIAL, continueOnFail: true });
		}
		return read;
	}

	it.each([...contract.operations])('operation %s reads exactly the operation-specific parameters shown for it', async (operation) => {
		const read = await readBy(operation);
		const specific = properties.filter((p) => p.displayOptions?.show?.operation !== undefined);
		for (const p of specific) expect([p.name, read.has(p.name)]).toEqual([p.name, (p.displayOptions?.show?.operation ?? []).includes(operation)]);
		// Every parameter it reads is one n8n keeps for it.
		for (const name of read) expect([name, properties.some((p) => p.name === name)]).toEqual([name, true]);
	});
});
