/**
 * `n8nVersion`: the generator emits what the n8n line serves (1.123's MCP Trigger goes up to
 * typeVersion 2) and refuses, with the reason, a setting the line cannot run.
 */
import { buildMcpWorkflow } from '../../../../generator/builders';
import { defaultConfig, N8N_TARGETS, parseConfig, type HermesConfig } from '../../../../generator/config';
import { importWorkflow } from '../../../../generator/importer/importWorkflow';
import { lintWorkflow } from '../../../../generator/lint';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const approvals = { channel: { type: 'email', credential: 'SMTP', from: 'hermes@example.com', to: ['boss@example.com'] }, publicUrl: 'https://n8n.example.com' };

test('the default line is 2.x', () => {
	expect(config().n8nVersion).toBe('2.x');
});

test.each([
	['2.x, native Odoo tools', { n8nVersion: '2.x', odooMode: 'native' }, undefined],
	['2.x with approvals', { n8nVersion: '2.x', approvals }, undefined],
	['1.x with the Hermes Odoo node', { n8nVersion: '1.x', odooMode: 'hermes' }, undefined],
	['1.x with the Hermes Odoo node and direct gateways', { n8nVersion: '1.x', odooMode: 'hermes', gatewayMode: 'direct' }, undefined],
	// The default Odoo mode is hermes, so 1.x needs no other setting.
	['1.x with the default Odoo mode', { n8nVersion: '1.x' }, undefined],
	['1.x with native Odoo tools', { n8nVersion: '1.x', odooMode: 'native' }, /odooMode: n8nVersion '1\.x': n8n 1\.x's Odoo node has version 1 only.*every call fails.*Set odooMode: 'hermes'/],
	['1.x with approvals', { n8nVersion: '1.x', odooMode: 'hermes', approvals }, /approvals: n8nVersion '1\.x': approvals need n8n's Data Table node 1\.1 and Crypto node 2/],
	['a line that does not exist', { n8nVersion: '3.x' }, /n8nVersion/],
])('%s', (_label, overrides, refusal) => {
	if (refusal) expect(() => config(overrides)).toThrow(refusal);
	else expect(() => config(overrides)).not.toThrow();
});

test.each([
	['2.x', {}, N8N_TARGETS['2.x'].mcpTriggerVersion],
	['1.x', { n8nVersion: '1.x', odooMode: 'hermes' }, N8N_TARGETS['1.x'].mcpTriggerVersion],
])('on %s the MCP Trigger has the typeVersion the line serves', (_line, overrides, version) => {
	const workflow = buildMcpWorkflow({ name: 'W', path: 'p', tools: CATALOGUE }, config(overrides));
	expect(workflow.nodes.filter((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger').map((n) => n.typeVersion)).toEqual([version]);
});

test('1.x changes the trigger only (its version, and no instructions, which its trigger lacks): every other node is the same as on 2.x', () => {
	const nodes = (overrides: Record<string, unknown>) => buildMcpWorkflow({ name: 'W', path: 'p', tools: CATALOGUE }, config({ odooMode: 'hermes', ...overrides })).nodes;
	const strip = (overrides: Record<string, unknown>) =>
		nodes(overrides).map(({ typeVersion, parameters, ...rest }) => {
			if (!rest.type.endsWith('mcpTrigger')) return { typeVersion, parameters, ...rest };
			const others = { ...parameters };
			delete others.instructions;
			return { parameters: others, ...rest };
		});
	expect(strip({ n8nVersion: '1.x' })).toEqual(strip({}));
	const trigger = (overrides: Record<string, unknown>) => nodes(overrides).find((n) => n.type.endsWith('mcpTrigger'))!.parameters;
	expect(trigger({ n8nVersion: '1.x' })).not.toHaveProperty('instructions');
	expect(trigger({})).toHaveProperty('instructions', expect.stringContaining('"retry"'));
});

test('the 1.x workflow lints as the 2.x one does', () => {
	const findings = (overrides: Record<string, unknown>) => {
		const files = generated(CATALOGUE, config({ odooMode: 'hermes', ...overrides }));
		return lintWorkflow(files.main, { file: 'hermes-mcp-tools.json', manifest: files.manifest }).map((f) => `${f.code} ${f.message}`);
	};
	expect(findings({ n8nVersion: '1.x' })).toEqual(findings({}));
});

test('import reads a 1.x workflow back as n8nVersion 1.x, and a 2.x one as 2.x', () => {
	const files = generated(CATALOGUE, config({ odooMode: 'hermes', n8nVersion: '1.x' }));
	const imported = importWorkflow(files.main, 'hermes-mcp-tools.json', config(), files.manifest, files.beside);
	expect(imported.config.n8nVersion).toBe('1.x');
	expect(imported.problems).toEqual([]);
	const current = generated(CATALOGUE, config({ odooMode: 'hermes' }));
	const read = importWorkflow(current.main, 'hermes-mcp-tools.json', config(), current.manifest, current.beside);
	expect(read.config.n8nVersion).toBe('2.x');
	expect(read.problems).toEqual([]);
});
