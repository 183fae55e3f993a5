import type { LiveWorkflow } from '../../../../generator/n8nClient/client';
import { callsWorkflow, contentDiffers, outsideCallersOf } from '../../../../generator/deploy/outsideCallers';
import type { Difference } from '../../../../generator/deploy/normalise';
import { workflowNode } from '../../../helpers/workflowNode';

function live(id: string, name: string, workflowIds: unknown[] = [], extra: Partial<LiveWorkflow> = {}): LiveWorkflow {
	return {
		id,
		name,
		active: true,
		nodes: workflowIds.map((workflowId, index) => workflowNode(`call ${index}`, 'n8n-nodes-base.executeWorkflow', { workflowId })),
		connections: {},
		settings: {},
		...extra,
	};
}
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value, cachedResultName: 'G' });

describe('callsWorkflow: a live workflow calls a workflow id', () => {
	it.each<[string, LiveWorkflow, boolean]>([
		['a locator by id', live('1', 'A', [locator('G1')]), true],
		['a locator from the list', live('1', 'A', [locator('G1', 'list')]), true],
		['an old plain id string', live('1', 'A', ['G1']), true],
		['another id', live('1', 'A', [locator('G2')]), false],
		['an empty locator', live('1', 'A', [locator('')]), false],
		['no nodes', live('1', 'A'), false],
		['only its published version calls it', live('1', 'A', [], { activeVersion: { nodes: live('x', 'x', [locator('G1')]).nodes, connections: {} } }), true],
		['only an unpublished draft calls it', live('1', 'A', [locator('G1')], { active: false }), true],
	])('%s: %s', (_label, workflow, expected) => {
		expect(callsWorkflow(workflow, 'G1')).toBe(expected);
	});
});

describe('outsideCallersOf', () => {
	const gateway = live('G1', 'Gateway', [], { settings: { callerPolicy: 'workflowsFromAList', callerIds: 'A1, B1' } });
	it.each<[string, LiveWorkflow[], LiveWorkflow, Array<{ id: string; listed: boolean }>]>([
		['a listed caller outside the push', [live('B1', 'Other tools', [locator('G1')])], gateway, [{ id: 'B1', listed: true }]],
		['an unlisted caller outside the push', [live('C1', 'Editor workflow', [locator('G1')])], gateway, [{ id: 'C1', listed: false }]],
		['a pushed caller is not outside', [live('A1', 'Tools', [locator('G1')])], gateway, []],
		['an archived caller calls nothing', [live('B1', 'Other tools', [locator('G1')], { isArchived: true })], gateway, []],
		['a workflow calling something else', [live('B1', 'Other tools', [locator('G9')])], gateway, []],
		['a sub-workflow open to any caller has no caller list to keep', [live('B1', 'Other tools', [locator('G1')])], { ...gateway, settings: { callerPolicy: 'any' } }, []],
	])('%s', (_label, others, sub, expected) => {
		const result = outsideCallersOf([sub, ...others], [sub], new Set(['Tools', 'Gateway']));
		expect((result.get('G1') ?? []).map(({ id, listed }) => ({ id, listed }))).toEqual(expected);
	});
});

describe('contentDiffers: more than the caller list differs', () => {
	it.each<[Difference[], boolean]>([
		[[], false],
		[[{ kind: 'settings', message: 'settings differ at callerIds' }], false],
		[[{ kind: 'settings', message: 'settings differ at callerIds, callerPolicy' }], true],
		[[{ kind: 'node-changed', node: 'n', message: 'node "n" differs at parameters.path' }], true],
	])('%j: %s', (differences, expected) => {
		expect(contentDiffers(differences)).toBe(expected);
	});
});
