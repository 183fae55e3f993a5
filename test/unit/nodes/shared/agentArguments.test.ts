/**
 * The refusal of arguments no parameter takes: the pure check (a table of calls that pass and
 * calls that are refused), and the nodes that run it before anything else. No SSH, no n8n: the
 * nodes run through the execute harness, so a refused item never reaches a credential.
 */
import { AGENT_ARGUMENTS, AGENT_ARGUMENTS_CAPS, undeclaredArguments } from '../../../../core/agentArguments';
import { HermesDocker } from '../../../../nodes/HermesDocker/HermesDocker.node';
import { HermesLint } from '../../../../nodes/HermesLint/HermesLint.node';
import { HermesOdoo } from '../../../../nodes/HermesOdoo/HermesOdoo.node';
import { HermesVault } from '../../../../nodes/HermesVault/HermesVault.node';
import { acceptedArguments, agentArgumentsParameters, sentCall } from '../../../../generator/builders/agentArguments';
import { executeNode } from '../../../harness/executeNode';

const call = (args: unknown) => JSON.stringify({ name: 'vault_read', arguments: args });

describe('undeclaredArguments', () => {
	// Nothing is refused: every argument is taken, or what was sent or what is taken is not known.
	it.each<[string, unknown, unknown]>([
		['every argument is taken', call({ path: 'a.md' }), 'path'],
		['fewer arguments than taken', call({}), 'path, content'],
		['names taken with spaces around the commas', call({ path: 'a.md', content: 'x' }), ' path ,content '],
		['the params as an object, not JSON text', { name: 't', arguments: { path: 'a.md' } }, 'path'],
		['no call (the node ran outside an MCP call)', '', 'path'],
		['undefined (the expression found no request)', undefined, 'path'],
		['text that is not JSON', '{not json', 'path'],
		['params without arguments', JSON.stringify({ name: 'vault_read' }), 'path'],
		['arguments that are not an object', call(['path']), 'path'],
		['arguments null', call(null), 'path'],
		['nothing taken is named (the check is off)', call({ urgency: 'high' }), ''],
		['accepted not text', call({ urgency: 'high' }), 42],
	])('passes: %s', (_case, sent, accepted) => {
		expect(undeclaredArguments(sent, accepted)).toBeUndefined();
	});

	it.each<[string, unknown, unknown, string[]]>([
		['one argument no parameter takes', call({ path: 'a.md', urgency: 'high' }), 'path', ['"urgency"', 'It takes: path.']],
		['only unknown arguments', call({ priority: 1 }), 'path, content', ['"priority"', 'It takes: path, content.']],
		['a name differing only in case', call({ Path: 'a.md' }), 'path', ['"Path"']],
		['the params as an object', { name: 't', arguments: { path: 'a.md', force: true } }, 'path', ['"force"']],
		['two unknown, in the order sent', call({ b: 1, path: 'x', a: 2 }), 'path', ['"b", "a"']],
	])('refuses: %s', (_case, sent, accepted, inHint) => {
		const answer = undeclaredArguments(sent, accepted);
		expect(answer).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
		for (const text of inHint) expect(answer?.hint).toContain(text);
	});

	it('names at most the cap of unknown arguments, each cut, and says how many more', () => {
		const many = Object.fromEntries(Array.from({ length: AGENT_ARGUMENTS_CAPS.names + 5 }, (_, i) => [`${'x'.repeat(60)}${i}`, i]));
		const hint = undeclaredArguments(call(many), 'path')?.hint ?? '';
		expect(hint.match(/"x+…"/g)).toHaveLength(AGENT_ARGUMENTS_CAPS.names);
		expect(hint).toContain(`"${'x'.repeat(AGENT_ARGUMENTS_CAPS.nameChars)}…"`);
		expect(hint).toContain('and 5 more');
	});
});

describe('the generator writes what the node reads', () => {
	it('the tool\'s argument names, sorted, and the call from the trigger\'s request', () => {
		const tool = { name: 'vault_write', parameters: [{ key: 'path' }, { key: 'content' }, { key: 'base_hash' }] } as never;
		expect(acceptedArguments(tool)).toBe('base_hash, content, path');
		expect(agentArgumentsParameters(tool)).toEqual({ agentCall: sentCall('vault_write'), acceptedArguments: 'base_hash, content, path' });
		// Only this tool's call counts; n8n's expressions refuse the name `arguments`, so the whole params go.
		expect(sentCall('vault_write')).toBe("={{ ($json.body ?? $json).params?.name === 'vault_write' ? JSON.stringify(($json.body ?? $json).params) : '' }}");
		expect(sentCall("it's")).toContain("=== 'it\\'s'");
		expect(sentCall('vault_write')).not.toMatch(/\barguments\b/);
	});

	// The expression as n8n evaluates it, on the input items the MCP trigger hands its tools.
	const evaluate = (item: object, toolName: string) => new Function('$json', `return ${sentCall(toolName).slice(4, -3)};`)(item) as string;
	const params = { name: 'vault_read', arguments: { path: 'a.md', urgency: 'high' } };
	it.each<[string, object, string, string]>([
		['trigger 2.1: { body, headers }', { body: { method: 'tools/call', params }, headers: {} }, 'vault_read', JSON.stringify(params)],
		['trigger 2 and older: the body itself', { method: 'tools/call', params }, 'vault_read', JSON.stringify(params)],
		["another tool's call", { body: { method: 'tools/call', params } }, 'vault_write', ''],
		['no MCP request (an AI Agent, a manual run)', { chatInput: 'hi' }, 'vault_read', ''],
		['an empty item', {}, 'vault_read', ''],
	])('%s', (_case, item, toolName, expected) => {
		expect(evaluate(item, toolName)).toBe(expected);
	});
});

describe('nodes refuse before they read anything else', () => {
	const refusing = { [AGENT_ARGUMENTS.params.sent]: call({ path: 'a.md', urgency: 'high' }), [AGENT_ARGUMENTS.params.accepted]: 'path' };

	it.each([
		['Hermes Vault', new HermesVault(), { operation: 'read', path: 'a.md' }],
		['Hermes Docker', new HermesDocker(), { operation: 'status', stack: 'web' }],
		['Hermes Odoo', new HermesOdoo(), { operation: 'get', model: 'project.project', recordId: '1' }],
	])('%s: a paired __BAD_ARGUMENT__ item, no credential asked for', async (_name, node, parameters) => {
		// No credentials are given: a node that went on would fail asking for one.
		const [out] = await executeNode(node, { parameters: { ...parameters, ...refusing }, items: [{}, {}] });
		expect(out).toEqual([0, 1].map((item) => ({ json: expect.objectContaining({ error: '__BAD_ARGUMENT__', retry: 'change_arguments' }), pairedItem: { item } })));
	});

	it('a node whose contract has no such parameters (the lint node) reads neither and runs as before', async () => {
		const [out] = await executeNode(new HermesLint(), { parameters: { workflow: { nodes: [], connections: {} }, ...refusing } });
		expect(out[0].json).toMatchObject({ success: true });
	});
});
