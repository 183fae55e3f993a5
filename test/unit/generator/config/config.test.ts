/** Deployment config: embedded default, user overrides, refused configs, toolsets. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { generateAll } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { ConfigError, defaultConfig, loadConfig, parseConfig } from '../../../../generator/config';
import { GATEWAY_NAMES, HERMES_ODOO_CREDENTIALS } from '../../../../core';

const DEFAULT_CONFIG = defaultConfig();
import { generated } from '../fixtures';

const dir = mkdtempSync(join(tmpdir(), 'hermes-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function file(content: string): string {
	const path = join(dir, `config-${counter++}.json`);
	writeFileSync(path, content);
	return path;
}
const json = (value: unknown) => file(JSON.stringify(value));

describe('loadConfig', () => {
	it('serves the embedded default without a file', () => {
		expect(loadConfig()).toEqual(DEFAULT_CONFIG);
		expect(loadConfig()).toMatchObject({ mcpPath: 'hermes-tools', nodeTypePrefix: 'n8n-nodes-hermes', odooCredentialType: 'odooApi', employeeId: 1 });
	});

	it('overrides field by field, nested objects merged', () => {
		const config = loadConfig(json({ credentials: { odoo: 'Odoo prod' }, odooCredentialType: 'odooApiKeyApi', nodeTypePrefix: 'CUSTOM' }));
		expect(config.credentials).toEqual({ ...DEFAULT_CONFIG.credentials, odoo: 'Odoo prod' });
		expect(config.odooCredentialType).toBe('odooApiKeyApi');
		const { main, byName } = generated(CATALOGUE, config);
		expect(main.nodes[1].credentials).toEqual({ [HERMES_ODOO_CREDENTIALS.odooApiKeyApi]: { name: 'Odoo prod' } });
		expect(main.nodes[1].parameters.authentication).toBe('odooApiKeyApi');
		expect(byName('hermes-gateway-vault.json').content).toContain('"type": "CUSTOM.hermesVault"');
	});

	const bad: Array<[string, string, RegExp]> = [
		['an unknown top-level key', JSON.stringify({ mcpPth: 'x' }), /mcpPth: unknown key \(did you mean "mcpPath"\?\)/],
		['an unknown key far from any', JSON.stringify({ colour: 'x' }), /colour: unknown key$/m],
		['an unknown key in a toolset', JSON.stringify({ toolsets: [{ name: 'a', path: 'p', tools: ['vault_read'], tool: [] }] }), /toolsets\.0\.tool: unknown key \(did you mean "tools"\?\)/],
		['an unknown nested key', JSON.stringify({ credentials: { odo: 'x' } }), /credentials\.odo: unknown key \(did you mean "odoo"\?\)/],
		['an MCP path with a slash', JSON.stringify({ mcpPath: 'a/b' }), /mcpPath: letters, digits/],
		['an unknown node type prefix', JSON.stringify({ nodeTypePrefix: 'hermes' }), /nodeTypePrefix/],
		['an unknown Odoo credential type', JSON.stringify({ odooCredentialType: 'odooOAuth' }), /odooCredentialType/],
		['an empty credential name', JSON.stringify({ credentials: { ssh: '' } }), /credentials\.ssh/],
		['a zero employee id', JSON.stringify({ employeeId: 0 }), /employeeId/],
		['a string employee id', JSON.stringify({ employeeId: '1' }), /employeeId: Expected number/],
		['a vault prefix without trailing slash', JSON.stringify({ vault: { writePrefixes: ['research'] } }), /vault\.writePrefixes\.0/],
		['a toolset without tools', JSON.stringify({ toolsets: [{ name: 'ops', path: 'ops', tools: [] }] }), /toolsets\.0\.tools/],
		['a toolset of an unknown kind', JSON.stringify({ toolsets: [{ name: 'ops', path: 'ops', tools: 'reads' }] }), /toolsets\.0\.tools/],
		['a toolset with a bad name', JSON.stringify({ toolsets: [{ name: 'Ops Tools', path: 'ops', tools: ['vault_read'] }] }), /toolsets\.0\.name/],
		['a toolset on the main MCP path', JSON.stringify({ toolsets: [{ name: 'ops', path: 'hermes-tools', tools: ['vault_read'] }] }), /toolsets\.0\.path: MCP path "hermes-tools" is already used/],
		['two toolsets with one name', JSON.stringify({ toolsets: [{ name: 'a', path: 'a', tools: ['vault_read'] }, { name: 'a', path: 'b', tools: ['vault_list'] }] }), /toolsets\.1\.name: toolset "a" is defined twice/],
		['a docker command of two words', JSON.stringify({ docker: { command: 'sudo docker' } }), /docker\.command: it must be one word/],
		['a docker command that is an option', JSON.stringify({ docker: { command: '-H' } }), /docker\.command: it must be one word/],
		['a docker command with a shell character', JSON.stringify({ docker: { command: 'docker;id' } }), /docker\.command: it must be one word/],
		['a bad Prometheus url', JSON.stringify({ prometheusUrl: 'localhost' }), /prometheusUrl/],
		['a project with a space', JSON.stringify({ project: 'my tools' }), /project: letters, digits, \., _ and -/],
		['a project starting with a dash', JSON.stringify({ project: '-tools' }), /project: letters, digits/],
		['a project of 101 characters', JSON.stringify({ project: `a${'b'.repeat(100)}` }), /project: letters, digits/],
		['an empty project', JSON.stringify({ project: '' }), /project: letters, digits/],
		['invalid JSON', '{ "mcpPath": ', /not valid JSON/],
		['a JSON array', '[]', /must hold a JSON object/],
	];
	it.each(['my-agent-tools-3f9a2c', 'a', 'Ops.Tools_2', `a${'b'.repeat(99)}`])('takes the project %j', (project) => {
		expect(loadConfig(file(JSON.stringify({ project }))).project).toBe(project);
	});
	it.each(bad)('refuses %s, naming the path', (_label, content, message) => {
		const path = file(content);
		expect(() => loadConfig(path)).toThrow(ConfigError);
		expect(() => loadConfig(path)).toThrow(message);
	});

	it('refuses a missing file', () => {
		expect(() => loadConfig(join(dir, 'nope.json'))).toThrow(/Cannot read config file/);
	});
});

describe('gatewayWorkflows', () => {
	const withNames = (gatewayWorkflows: Record<string, unknown>) => () => parseConfig({ ...DEFAULT_CONFIG, gatewayWorkflows }, 'test config');

	it('defaults a sub-workflow name for every gateway of the contracts', () => {
		expect(Object.keys(DEFAULT_CONFIG.gatewayWorkflows).sort()).toEqual([...GATEWAY_NAMES].sort());
	});

	it.each([
		['every gateway named', DEFAULT_CONFIG.gatewayWorkflows, true],
		...GATEWAY_NAMES.map(
			(gateway) => [`no name for ${gateway}`, Object.fromEntries(Object.entries(DEFAULT_CONFIG.gatewayWorkflows).filter(([key]) => key !== gateway)), false] as const,
		),
		['an empty name', { ...DEFAULT_CONFIG.gatewayWorkflows, vault: '' }, false],
		['a gateway the contracts do not have', { ...DEFAULT_CONFIG.gatewayWorkflows, mail: 'Hermes Gateway - Mail' }, false],
	] as const)('%s: accepted %s', (_label, names, accepted) => {
		if (accepted) expect(withNames(names)).not.toThrow();
		else expect(withNames(names)).toThrow(/gatewayWorkflows/);
	});
});

describe('toolsets', () => {
	const config = loadConfig(
		json({ toolsets: [{ name: 'ops', path: 'hermes-ops', tools: ['monitoring_query', 'docker_read', 'monitoring_alerts'] }] }),
	);

	it('generate their own MCP workflow and manifest at their own path, in catalogue order', () => {
		const { byName } = generated(CATALOGUE, config);
		const ops = byName('hermes-mcp-tools.ops.json').workflow!;
		expect(ops.name).toBe('Hermes MCP Tools - ops');
		expect(ops.nodes.map((n) => n.name)).toEqual(['MCP Server Trigger', 'docker_read', 'monitoring_alerts', 'monitoring_query']);
		expect(ops.nodes[0].parameters.path).toBe('hermes-ops');
		const main = byName('hermes-mcp-tools.json').workflow!;
		expect(ops.nodes[0].webhookId).not.toBe(main.nodes[0].webhookId);
		expect(ops.nodes[1].id).not.toBe(main.nodes.find((n) => n.name === 'docker_read')!.id);
		const manifest = byName('hermes-mcp-tools.ops.index.json').manifest;
		expect(manifest).toEqual({
			workflow: 'Hermes MCP Tools - ops',
			tools: [
				{ tool: 'docker_read', nodeName: 'docker_read', nodeIndex: 1, aiToolIndex: 2, sensitive: false },
				{ tool: 'monitoring_alerts', nodeName: 'monitoring_alerts', nodeIndex: 2, aiToolIndex: 1, sensitive: false },
				{ tool: 'monitoring_query', nodeName: 'monitoring_query', nodeIndex: 3, aiToolIndex: 0, sensitive: false },
			],
		});
	});

	it('refuse tool names that are not in the catalogue, listing them', () => {
		const wrong = loadConfig(json({ toolsets: [{ name: 'ops', path: 'ops', tools: ['docker_read', 'docker_nuke', 'plaud_list'] }] }));
		expect(() => generateAll(CATALOGUE, wrong)).toThrow(ConfigError);
		expect(() => generateAll(CATALOGUE, wrong)).toThrow(/Toolset "ops".*\n\s+docker_nuke\n\s+plaud_list/);
	});

	it.each(['readOnly', 'changing'])('take a kind as their tools: %s', (kind) => {
		const parsed = loadConfig(json({ toolsets: [{ name: 'k', path: 'hermes-k', tools: kind }] }));
		expect(parsed.toolsets).toEqual([{ name: 'k', path: 'hermes-k', tools: kind }]);
	});

	it('refuse two toolsets with the same name even when handed a config object directly', () => {
		const base = loadConfig();
		const twice = { ...base, toolsets: [{ name: 'a', path: 'a', tools: ['vault_read'] }, { name: 'a', path: 'b', tools: ['vault_list'] }] };
		expect(() => generateAll(CATALOGUE, twice)).toThrow(/defined twice/);
	});
});
