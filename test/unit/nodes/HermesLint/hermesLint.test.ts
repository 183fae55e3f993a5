import type { IDataObject } from 'n8n-workflow';

import { HermesLint } from '../../../../nodes/HermesLint/HermesLint.node';
import { HERMES_LINT, LINT_CAPS } from '../../../../core/lint/contract';
import { checkWorkflowInput } from '../../../../nodes/HermesLint/helpers/validate';
import { lintWorkflow } from '../../../../core/lint';
import { executeNode } from '../../../harness/executeNode';
import { answerOf } from '../../../helpers/checked';
import { readFixture } from '../../core/lint/fixtures';

const { params } = HERMES_LINT;
/** The workflow parameter as the admin channel sets it: an expression handing over the item's field. */
const fromItem = (item: IDataObject) => item.workflow;
const run = async (items: IDataObject[], parameters: Record<string, unknown> = {}, continueOnFail = false) =>
	(await executeNode(new HermesLint(), { parameters: { [params.workflow]: fromItem, ...parameters }, items, continueOnFail }))[0];

const clean = readFixture('clean.json') as IDataObject;
const secret = readFixture('hmt014-secret-in-parameters.json') as IDataObject;

describe('the workflow input', () => {
	test.each<[string, unknown, unknown]>([
		['an object', { nodes: [], connections: {} }, { nodes: [], connections: {} }],
		['its JSON text', '{"nodes":[],"connections":{}}', { nodes: [], connections: {} }],
		['JSON text with blanks around it', '  {"nodes":[]}\n', { nodes: [] }],
		['any other JSON (the lint says it is no workflow)', '[1]', [1]],
		['a number', 7, 7],
	])('takes %s', (_what, value, parsed) => {
		expect(answerOf(checkWorkflowInput(value))).toEqual(parsed);
	});

	test.each<[string, unknown, RegExp]>([
		['nothing', undefined, /missing/],
		['null', null, /missing/],
		['an empty text', '', /empty/],
		['blanks', ' \n\t', /empty/],
		['text that is not JSON', 'my workflow', /not JSON/],
		['cut-off JSON', '{"nodes": [', /not JSON/],
	])('refuses %s with __BAD_ARGUMENT__', (_what, value, hint) => {
		const answer = answerOf(checkWorkflowInput(value));
		expect(answer).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
		expect(answer).toHaveProperty('hint', expect.stringMatching(hint));
	});
});

describe('Hermes Workflow Lint', () => {
	test('a clean workflow: valid, no findings, its id and name', async () => {
		const [item] = await run([{ workflow: { ...clean, id: 'wf1' } }]);
		expect(item.json).toEqual({ success: true, valid: true, workflow: { id: 'wf1', name: clean.name }, errors: 0, warnings: 0, findings: [], truncated: false });
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	test("a workflow with a finding answers the lint's findings, with their hints, as the CLI's engine gives them", async () => {
		const [item] = await run([{ workflow: secret }]);
		const expected = lintWorkflow(secret);
		expect(expected.length).toBeGreaterThan(0);
		const errors = expected.filter((f) => f.severity === 'error').length;
		expect(item.json).toMatchObject({ success: true, valid: errors === 0, workflow: { id: null, name: secret.name }, errors, warnings: expected.length - errors, truncated: false });
		expect(item.json.findings).toEqual(expected);
		expect((item.json.findings as IDataObject[]).map((f) => f.code)).toContain('HMT014');
	});

	test('the workflow given as JSON text is linted the same', async () => {
		const [asText] = await run([{ workflow: JSON.stringify(secret) }]);
		const [asObject] = await run([{ workflow: secret }]);
		expect(asText.json).toEqual(asObject.json);
	});

	test(`more findings than the cap: the first ${LINT_CAPS.findings} listed, all counted, truncated`, async () => {
		const leaky = (i: number) => ({ name: `leak ${i}`, type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters: { password: `S3cure-Passw0rd-${i}` } });
		const nodes = Array.from({ length: LINT_CAPS.findings + 3 }, (_, i) => leaky(i));
		const workflow = { name: 'leaky', nodes, connections: {} };
		const total = lintWorkflow(workflow).length;
		expect(total).toBeGreaterThan(LINT_CAPS.findings);
		const [item] = await run([{ workflow }]);
		expect(item.json).toMatchObject({ success: true, valid: false, truncated: true, errors: total });
		expect(item.json.findings).toHaveLength(LINT_CAPS.findings);
	});

	test.each<[string, IDataObject | IDataObject[]]>([
		['an error answer of the n8n API', { message: 'Not Found' }],
		['a list', []],
	])('%s is no workflow: HMT000, not valid', async (_what, workflow) => {
		const [item] = await run([{ workflow }]);
		expect(item.json).toMatchObject({ success: true, valid: false, errors: 1, warnings: 0, truncated: false, workflow: { id: null, name: null } });
		expect((item.json.findings as IDataObject[])[0]).toMatchObject({ code: 'HMT000', severity: 'error' });
	});

	test('each item is answered and paired on its own; a refused one does not spoil the others', async () => {
		const out = await run([{ workflow: clean }, { workflow: 'not json' }, { workflow: secret }]);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out.map((item) => item.json.success)).toEqual([true, false, true]);
		expect(out[1].json).toMatchObject({ error: '__BAD_ARGUMENT__' });
	});

	test.each([['delete'], [''], [42]])('an unknown operation %j is __BAD_ARGUMENT__', async (operation) => {
		const [item] = await run([{ workflow: clean }], { [params.operation]: operation });
		expect(item.json).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});

	const failing = { [params.workflow]: () => { throw new Error('expression failed'); } };
	test('a failure reading the parameter stops the node with a NodeOperationError naming the item', async () => {
		await expect(run([{}], failing)).rejects.toMatchObject({ name: 'NodeOperationError', message: 'expression failed', context: { itemIndex: 0 } });
	});

	test('with continueOnFail the failure is the item answer, paired', async () => {
		const [item] = await run([{}], failing, true);
		expect(item).toEqual({ json: { error: 'expression failed' }, pairedItem: { item: 0 } });
	});
});
