/**
 * Reading one MCP tool call out of the execution n8n kept of it, on executions a real n8n 2.41.1
 * stored (test/fixtures/n8n-2.41.1): the tool asked for, its arguments, the session and JSON-RPC
 * request id it carried, and the tool node that ran; and executions that hold no call.
 *
 * Real: n8n 2.41.1's execution data (recorded). No server runs here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { mcpCallOf, servedRequest } from '../../../../generator/ledger/mcpCall';
import type { LiveExecution } from '../../../../generator/n8nClient/client';

const EXECUTIONS = (JSON.parse(readFileSync(join(__dirname, '../../../fixtures/n8n-2.41.1/mcp-tool-executions.json'), 'utf8')) as { data: LiveExecution[] }).data;
const TOOL_NODES = new Set(['vault_list', 'vault_read', 'docker_read', 'odoo_list_projects', 'monitoring_alerts']);
const SESSION = '2538e622-0974-420b-9c90-20e82662a5b2';

it('reads each recorded call: tool, arguments, session, request id and the node that ran', () => {
	expect(EXECUTIONS.map((e) => mcpCallOf(e, TOOL_NODES))).toEqual([
		{ tool: 'vault_read', arguments: { path: '../etc/passwd' }, messageId: '4', sessionId: SESSION, nodesRan: ['vault_read'] },
		{ tool: 'odoo_list_projects', arguments: { limit: 1 }, messageId: '3', sessionId: SESSION, nodesRan: ['odoo_list_projects'] },
		{ tool: 'docker_read', arguments: { action: 'list' }, messageId: '2', sessionId: SESSION, nodesRan: ['docker_read'] },
		{ tool: 'vault_list', arguments: { prefix: '' }, messageId: '1', sessionId: SESSION, nodesRan: ['vault_list'] },
	]);
});

it.each<[string, string | undefined, number | undefined, boolean]>([
	['its session and request id', SESSION, 2, true],
	['another request id of the session', SESSION, 3, false],
	['its request id in another session', 'another-session', 2, false],
	['no request id (a notification)', SESSION, undefined, false],
	['its request id, the session unknown (a client n8n gave none)', undefined, 2, true],
])('the docker_read execution served a request with %s: %s', (_label, session, id, served) => {
	const docker = EXECUTIONS.find((e) => mcpCallOf(e, TOOL_NODES)?.tool === 'docker_read')!;
	expect(servedRequest(mcpCallOf(docker, TOOL_NODES), session, id)).toBe(served);
});

it.each<[string, LiveExecution]>([
	['no data saved', { id: '1' }],
	['a gateway sub-workflow execution (no trigger item with a call)', { id: '2', data: { resultData: { runData: { 'When called by a tool': [{ data: { main: [[{ json: { vaultAction: 'list' } }]] } }], Vault: [] } } } }],
	['a trigger item without a tool name', { id: '3', data: { resultData: { runData: { 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: {} } }]] } }] } } } }],
])('%s: no call', (_label, execution) => {
	expect(mcpCallOf(execution, TOOL_NODES)).toBeUndefined();
});
