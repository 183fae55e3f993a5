/** How long a client should wait for a call: the slowest tool's own time caps and the margin, per endpoint. */
import { DOCKER_SECONDS, MONITORING_SECONDS, ODOO_REQUEST_SECONDS, VAULT_SECONDS } from '../../../../core';
import { serverTimeout, TIMEOUT_MARGIN_SECONDS } from '../../../../generator/agentConfig/toolTimeout';
import { toolSeconds } from '../../../../generator/plan';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const target = (name: string) => CATALOGUE.find((t) => t.name === name)!.target;

describe('toolSeconds', () => {
	it.each<[string, number | undefined]>([
		['vault_read', VAULT_SECONDS.read],
		['vault_write', VAULT_SECONDS.write],
		['docker_read', DOCKER_SECONDS.read],
		// The target check, then the action.
		['docker_manage', DOCKER_SECONDS.read + DOCKER_SECONDS.manage],
		['monitoring_query', MONITORING_SECONDS.prometheus + MONITORING_SECONDS.command],
		['odoo_get_task', 4 * ODOO_REQUEST_SECONDS],
		['crm_create_lead', 2 * ODOO_REQUEST_SECONDS],
		// The content hand-off waits for the user's pipeline.
		['content_generate', undefined],
	])('%s: %s s', (tool, seconds) => {
		expect(toolSeconds(target(tool))).toBe(seconds);
	});
});

describe('serverTimeout', () => {
	it.each<[Array<number | undefined>, number]>([
		[[30], 120],
		[[30, 120], 210],
		[[330], 420],
		[[0], 90],
		// A tool nothing bounds: at least the client's default.
		[[30, undefined], 300],
		[[330, undefined], 420],
		[[undefined], 300],
		[[], 300],
	])('%j -> %s', (tools, timeout) => {
		expect(serverTimeout(tools)).toBe(timeout);
	});

	it(`adds ${TIMEOUT_MARGIN_SECONDS} s and rounds up to 30 s`, () => {
		expect(serverTimeout([1])! - 1).toBeGreaterThanOrEqual(TIMEOUT_MARGIN_SECONDS);
		expect(serverTimeout([1])! % 30).toBe(0);
	});
});
