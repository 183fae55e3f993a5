/**
 * Version 1 stays loadable, so a workflow saved with it keeps working: run with its own
 * parameter names (`action`, `mode`, the vault's one `query`), each node answers every call as
 * version 2 does with its names. Both versions read their parameters into the same request for
 * the same router; this holds them to it, through the node's real execute().
 */
import type { IDataObject } from 'n8n-workflow';

import { router, vaultRequest, type VaultRequest } from '../../../nodes/HermesVault/actions/router';
import { VAULT, VAULT_V1_PARAMS } from '../../../nodes/HermesVault/contract';
import type { RemoteCommand } from '../../../nodes/shared/transport/types';
import { GATEWAY_CONTRACTS, type GatewayContract } from '../../../nodes/contracts';
import { executeNode } from '../../harness/executeNode';
import { FAILURE_CASES, UNUSABLE_CREDENTIAL } from '../../helpers/gatewayFailureCases';

/** The item's roles under one version's parameter names; a role the version lacks is left out. */
function parametersOf(contract: GatewayContract, version: number, item: IDataObject): Record<string, unknown> {
	const names = contract.paramsByVersion[version] as Record<string, string | undefined>;
	return Object.fromEntries(Object.entries(item).flatMap(([role, value]) => (names[role] === undefined ? [] : [[names[role], value]])));
}

/** Calls an older version can express: version 2's content node has an operation version 1 lacks. */
const expressible = (contract: GatewayContract, version: number, item: IDataObject) =>
	Object.keys(item).every((role) => (contract.paramsByVersion[version] as Record<string, string | undefined>)[role] !== undefined);

/** Every version before the one the generator emits, of every node (a node with one version has none). */
const OLDER_VERSIONS = FAILURE_CASES.flatMap(([name, node, contract, cases]) =>
	contract.versions.filter((version) => version !== contract.typeVersion).map((version) => [name, version, node, contract, cases] as const),
);

describe.each(OLDER_VERSIONS)('%s version %i', (_name, old, node, contract, cases) => {
	test('is still loadable and names its parameters as saved workflows do', () => {
		expect(node.getNodeType(old).description.properties.map((p) => p.name).sort()).toEqual([...new Set(Object.values(contract.paramsByVersion[old]))].sort());
	});

	test.each(cases.filter(([item]) => expressible(contract, old, item)).map(([item, expected], index) => [index, expected, item] as const))(
		'case %i (%s): with its names it answers as the version the generator emits',
		async (_index, expected, item) => {
			const run = (version: number) => executeNode(node, { version, parameters: parametersOf(contract, version, item), credentials: UNUSABLE_CREDENTIAL });
			const [[saved], [emitted]] = [await run(old), await run(contract.typeVersion)];
			expect(saved).toEqual(emitted);
			expect(saved[0].json).toMatchObject({ success: false });
			expect([saved[0].json.error, saved[0].json.state]).toContain(expected);
		},
	);
});

test('a successful call answers alike in both versions (content, which needs no host)', async () => {
	const { content } = GATEWAY_CONTRACTS;
	const [, node] = FAILURE_CASES.find(([name]) => name === 'content')!;
	const item = { contentType: ' Article ', text: 'an idea', url: 'https://example.com/a' };
	const [[v1], [v2]] = [
		await executeNode(node, { version: 1, parameters: parametersOf(content, 1, item) }),
		await executeNode(node, { version: 2, parameters: parametersOf(content, 2, item) }),
	];
	expect(v1).toEqual(v2);
	expect(v1[0].json).toEqual({ success: true, contentType: 'article', text: 'an idea', url: 'https://example.com/a' });
});

describe('the vault, whose one version 1 query became three version 2 parameters', () => {
	const reader = (values: Record<string, unknown>) => (name: string, fallback: string | boolean = '') => () => (name in values ? values[name] : fallback);

	/** The commands a request sends, run against a host that answers every read with OK. */
	async function commandsOf(request: VaultRequest): Promise<RemoteCommand[]> {
		const sent: RemoteCommand[] = [];
		await router(async (command) => {
			sent.push(command);
			return { stdout: Buffer.from('OK 0 0\n'), stderr: '', exitCode: 0 };
		}, request);
		return sent;
	}

	test.each([
		['search', 'query', 'needle'],
		['list', 'prefix', 'research/'],
		['read', 'path', 'research/a.md'],
	])('%s: version 1 with `query` sends the host what version 2 sends with `%s`', async (operation, v2Name, target) => {
		const v1 = vaultRequest(VAULT_V1_PARAMS, reader({ operation, query: target, vaultPath: '/srv/vault' }));
		const v2 = vaultRequest(VAULT.params, reader({ operation, [v2Name]: target, vaultPath: '/srv/vault' }));
		const [sent1, sent2] = [await commandsOf(v1), await commandsOf(v2)];
		expect(sent1).toEqual(sent2);
		expect(sent1).toHaveLength(1);
		expect(sent1[0].stdin?.toString()).toBe(operation === 'list' ? target.replace(/\/$/, '') : target);
	});
});
