/**
 * Each node's contract is the one source of its type name, versions, parameter names and setting
 * defaults: every version's description must say the same, since the generator builds workflows
 * from the contract and the importer reads saved ones (of any version) with it.
 */
import { AGENT_ARGUMENTS, hasAgentArguments } from '../../../nodes/shared/agentArguments';
import { GATEWAY_NODE_LIST } from '../../helpers/gatewayNodes';

describe.each(GATEWAY_NODE_LIST)('the %s node and its contract', (_gateway, { node, contract }) => {

	it('has exactly the contract versions, and new nodes get the version the generator emits', () => {
		expect(Object.keys(node.nodeVersions).map(Number).sort()).toEqual([...contract.versions].sort());
		expect(node.description.defaultVersion).toBe(contract.typeVersion);
		expect(contract.params).toEqual(contract.paramsByVersion[contract.typeVersion]);
	});

	describe.each(contract.versions.map((version) => [version]))('version %i', (version) => {
		const { description } = node.getNodeType(version);
		const names = contract.paramsByVersion[version];
		const property = (name: string | undefined) => description.properties.find((p) => p.name === name);

		it('has the contract type name and display name, and is a tool', () => {
			expect(description).toMatchObject({ name: contract.type, displayName: contract.displayName, version, usableAsTool: true });
		});

		it('has exactly the parameters the contract names for it, and from version 2 the two agent-arguments ones', () => {
			const agent = hasAgentArguments(contract, version) ? Object.values(AGENT_ARGUMENTS.params) : [];
			expect(description.properties.map((p) => p.name).sort()).toEqual([...new Set(Object.values(names)), ...agent].sort());
		});

		it('defaults each setting to the contract value', () => {
			for (const [role, value] of Object.entries(contract.settingDefaults)) expect([role, property(names[role as keyof typeof names])?.default]).toEqual([role, value]);
		});

		it('feeds each sub-workflow input into its parameters', () => {
			for (const roles of Object.values(contract.subWorkflowInputs)) for (const role of roles) expect([role, property(names[role as keyof typeof names])]).toEqual([role, expect.anything()]);
		});

		it('needs the SSH credential exactly when the contract says so', () => {
			expect((description.credentials ?? []).some((c) => c.name === 'hermesSshApi')).toBe(contract.ssh);
		});
	});

	describe('the version the generator emits', () => {
		const { description } = node.getNodeType(contract.typeVersion);
		const property = (role: string) => description.properties.find((p) => p.name === contract.params[role as keyof typeof contract.params]);

		it('selects with one `operation` parameter offering exactly the contract operations', () => {
			const operation = property('operation');
			expect(operation).toMatchObject({ name: 'operation', type: 'options' });
			expect((operation?.options ?? []).map((o) => ('value' in o ? o.value : undefined)).sort()).toEqual([...contract.operations].sort());
		});

		it('shows an operation-specific parameter for exactly the operations its contract names', () => {
			for (const role of Object.keys(contract.params)) {
				const shownFor = (contract.shownFor as Record<string, readonly string[] | undefined>)[role];
				expect([role, property(role)?.displayOptions?.show?.operation]).toEqual([role, shownFor && [...shownFor]]);
			}
		});

		it('holds each allow-list in a setting whose values are the choices of the parameter it restricts', () => {
			for (const [role, list] of Object.entries(contract.allowLists)) {
				expect(property(list!.setting)).toMatchObject({ type: 'string', default: list!.values.join(',') });
				const choices = (property(role)?.options ?? []).map((o) => ('value' in o ? o.value : undefined));
				expect([...list!.values].sort()).toEqual(choices.sort());
			}
		});
	});
});
