/**
 * agent-config's output for the default catalogue and config, with and without toolsets: the
 * endpoints a client needs, the Hermes Agent's YAML (parsed back with the yaml library) and the
 * `mcpServers` JSON. No service runs here; the e2e suite connects the official MCP client with
 * the printed JSON.
 */
import { parse } from 'yaml';

import { hermesAgentConfig, mcpEndpoints, mcpJsonConfig, n8nBaseUrl, tokenVariable } from '../../../../generator/agentConfig';
import { AdminSchema, loadConfig } from '../../../../generator/config';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const config = loadConfig();
const withToolsets = { ...config, toolsets: [{ name: 'ops', path: 'hermes-ops', tools: ['monitoring_query', 'docker_read'] }] };

describe('tokenVariable', () => {
	it.each([
		['hermes-tools', 'MCP_HERMES_TOOLS_API_KEY'],
		['ops', 'MCP_OPS_API_KEY'],
		['Ops_2', 'MCP_OPS_2_API_KEY'],
	])('%s -> %s', (server, variable) => expect(tokenVariable(server)).toBe(variable));
});

describe('n8nBaseUrl', () => {
	it.each([
		['http://127.0.0.1:5678', 'http://127.0.0.1:5678'],
		['https://n8n.example.com/', 'https://n8n.example.com'],
		['https://example.com/n8n//', 'https://example.com/n8n'],
	])('takes %s as %s', (raw, base) => expect(n8nBaseUrl(raw)).toBe(base));
	it.each(['n8n.example.com', 'ftp://n8n.example.com', 'https://n8n.example.com/?x=1', 'https://n8n.example.com/#a'])('refuses %s', (raw) => {
		expect(() => n8nBaseUrl(raw)).toThrow();
	});
});

describe('endpoints', () => {
	it('the tool workflow: its path, every catalogue tool in catalogue order', () => {
		const [main] = mcpEndpoints(CATALOGUE, config, 'http://n8n:5678/');
		expect(main).toEqual({
			server: config.mcpPath,
			url: `http://n8n:5678/mcp/${config.mcpPath}`,
			tokenVariable: tokenVariable(config.mcpPath),
			workflow: config.workflowName,
			channel: 'tools',
			tools: CATALOGUE.map((t) => t.name),
			readsOnly: false,
			// docker_manage's 330 s and the margin.
			timeoutSeconds: 420,
		});
	});

	it('the admin channel: its own path and token variable, exactly the allowed admin tools', () => {
		const admin = AdminSchema.parse({ tools: ['n8n_get_execution', 'n8n_list_workflows'] });
		const endpoints = mcpEndpoints(CATALOGUE, { ...withToolsets, admin }, 'http://n8n:5678');
		expect(endpoints.map((e) => [e.server, e.channel])).toEqual([[config.mcpPath, 'tools'], ['hermes-ops', 'tools'], [admin.path, 'admin']]);
		expect(endpoints[2]).toEqual({
			server: admin.path,
			url: `http://n8n:5678/mcp/${admin.path}`,
			tokenVariable: 'MCP_HERMES_ADMIN_API_KEY',
			workflow: admin.workflowName,
			channel: 'admin',
			// In the order the generator knows them, whatever order the config lists them in.
			tools: ['n8n_list_workflows', 'n8n_get_execution'],
			readsOnly: true,
			// Its GET's cap and the margin.
			timeoutSeconds: 120,
		});
	});

	it('each toolset: its own path and exactly its tools, in catalogue order', () => {
		const endpoints = mcpEndpoints(CATALOGUE, withToolsets, 'http://n8n:5678');
		expect(endpoints.map((e) => e.server)).toEqual([config.mcpPath, 'hermes-ops']);
		expect(endpoints[1]).toMatchObject({ url: 'http://n8n:5678/mcp/hermes-ops', tokenVariable: 'MCP_HERMES_OPS_API_KEY', tools: ['docker_read', 'monitoring_query'] });
	});

	it('a toolset of a kind: every readOnly tool, or every other one, in catalogue order', () => {
		const split = { ...config, toolsets: [{ name: 'reads', path: 'hermes-reads', tools: 'readOnly' as const }, { name: 'changes', path: 'hermes-changes', tools: 'changing' as const }] };
		const [, reads, changes] = mcpEndpoints(CATALOGUE, split, 'http://n8n:5678');
		expect(reads).toMatchObject({ server: 'hermes-reads', kind: 'readOnly', readsOnly: true, tools: CATALOGUE.filter((t) => t.readOnly).map((t) => t.name) });
		expect(changes).toMatchObject({ server: 'hermes-changes', kind: 'changing', readsOnly: false, tools: CATALOGUE.filter((t) => !t.readOnly).map((t) => t.name) });
		expect(reads.tools.length + changes.tools.length).toBe(CATALOGUE.length);
	});

	it('a toolset of a kind the catalogue has no tool of is refused', () => {
		const reads = CATALOGUE.filter((t) => t.readOnly);
		expect(() => mcpEndpoints(reads, { ...config, toolsets: [{ name: 'c', path: 'c', tools: 'changing' }] }, 'http://n8n')).toThrow('Toolset "c" takes the changing tools, and the catalogue has none');
	});

	it('a toolset naming a tool the catalogue lacks is refused', () => {
		expect(() => mcpEndpoints(CATALOGUE, { ...config, toolsets: [{ name: 'x', path: 'x', tools: ['nope'] }] }, 'http://n8n')).toThrow(/nope/);
	});
});

describe('the Hermes Agent form', () => {
	const text = hermesAgentConfig(mcpEndpoints(CATALOGUE, withToolsets, 'https://n8n.example.com'));
	const parsed = parse(text) as { mcp_servers: Record<string, { url: string; headers: { Authorization: string }; tools: { include: string[] } }> };

	it('is YAML holding one mcp_servers entry per endpoint, limited to exactly its tools', () => {
		expect(Object.keys(parsed)).toEqual(['mcp_servers']);
		expect(parsed.mcp_servers['hermes-ops']).toEqual({
			url: 'https://n8n.example.com/mcp/hermes-ops',
			headers: { Authorization: 'Bearer ${MCP_HERMES_OPS_API_KEY}' },
			// monitoring_query's 50 s and the margin, in 30 s steps.
			timeout: 150,
			tools: { include: ['docker_read', 'monitoring_query'] },
		});
		expect(parsed.mcp_servers[config.mcpPath].tools.include).toEqual(CATALOGUE.map((t) => t.name));
		// docker_manage's 330 s and the margin.
		expect(parsed.mcp_servers[config.mcpPath]).toHaveProperty('timeout', 420);
	});

	it('marks a server that can change things trust: untrusted, and one that only reads not', () => {
		expect(parsed.mcp_servers[config.mcpPath]).toHaveProperty('trust', 'untrusted');
		expect(parsed.mcp_servers['hermes-ops']).not.toHaveProperty('trust');
		expect(text).toContain('toolsets of the readOnly and the changing tools split them');
	});

	it('with a toolset of each kind, gives the agent those two servers (and the admin channel) instead of the tool workflow', () => {
		const admin = AdminSchema.parse({});
		const split = { ...withToolsets, admin, toolsets: [...withToolsets.toolsets, { name: 'reads', path: 'hermes-reads', tools: 'readOnly' as const }, { name: 'changes', path: 'hermes-changes', tools: 'changing' as const }] };
		const yaml = hermesAgentConfig(mcpEndpoints(CATALOGUE, split, 'https://n8n.example.com'));
		const servers = (parse(yaml) as typeof parsed).mcp_servers as Record<string, { trust?: string; tools: { include: string[] } }>;
		expect(Object.keys(servers)).toEqual(['hermes-reads', 'hermes-changes', admin.path]);
		expect(servers['hermes-reads']).not.toHaveProperty('trust');
		expect(servers['hermes-changes'].trust).toBe('untrusted');
		expect(servers[admin.path]).not.toHaveProperty('trust');
		expect([...servers['hermes-reads'].tools.include, ...servers['hermes-changes'].tools.include].sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
		expect(yaml).toContain('Reads and changes are two servers');
	});

	it('sets each server the timeout of its slowest tool: reads 210 s (the Hermes Odoo node\'s reads, 120 s at most), changes 420 s (docker_manage, 330 s)', () => {
		const split = { ...config, toolsets: [{ name: 'reads', path: 'hermes-reads', tools: 'readOnly' as const }, { name: 'changes', path: 'hermes-changes', tools: 'changing' as const }] };
		const servers = (parse(hermesAgentConfig(mcpEndpoints(CATALOGUE, split, 'https://n8n.example.com'))) as { mcp_servers: Record<string, { timeout: number }> }).mcp_servers;
		expect([servers['hermes-reads'].timeout, servers['hermes-changes'].timeout]).toEqual([210, 420]);
	});

	it('says where the tokens go and to reload after a schema change', () => {
		expect(text).toContain('MCP_HERMES_OPS_API_KEY=');
		expect(text).toContain('/reload-mcp');
	});
});

describe('the mcpServers JSON form', () => {
	it('one http server per endpoint, the token as an environment reference', () => {
		expect(mcpJsonConfig(mcpEndpoints(CATALOGUE, config, 'http://127.0.0.1:5678'))).toEqual({
			mcpServers: {
				[config.mcpPath]: { type: 'http', url: `http://127.0.0.1:5678/mcp/${config.mcpPath}`, headers: { Authorization: `Bearer \${${tokenVariable(config.mcpPath)}}` } },
			},
		});
	});
});
