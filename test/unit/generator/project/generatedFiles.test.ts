/** The generated files are objects; their JSON text exists only once something reads it. */
import { toJson } from '../../../../generator/builders';
import { jsonFile } from '../../../../generator/project';
import { readManifest } from '../../../../generator/lint/manifest';
import { generated } from '../fixtures';

describe('generated files', () => {
	const { files } = generated();

	it('serialise on the first read of content, once', () => {
		let serialised = 0;
		const value = { toJSON: () => (serialised++, { a: 1 }) };
		const file = jsonFile('x.json', value);
		expect(serialised).toBe(0);
		expect(file.content).toBe('{\n  "a": 1\n}\n');
		expect(file.content).toBe(file.content);
		expect(serialised).toBe(1);
	});

	it('hold as text exactly their workflow or manifest object', () => {
		for (const file of files) {
			const value = file.workflow ?? file.manifest;
			expect(value).toBeDefined();
			expect(file.content).toBe(toJson(value));
		}
	});

	it('give each MCP tools workflow the manifest object its manifest file holds, and a valid one', () => {
		const mcp = files.filter((f) => f.workflow && f.manifest);
		expect(mcp.length).toBeGreaterThan(0);
		for (const file of mcp) {
			const manifestFile = files.find((f) => f.file === file.file.replace(/\.json$/, '.index.json'));
			expect(manifestFile?.manifest).toBe(file.manifest);
			expect(readManifest(file.manifest)).toEqual({ ok: true, manifest: file.manifest });
		}
	});
});

describe('readManifest', () => {
	const entry = { tool: 't', nodeName: 't', nodeIndex: 1, aiToolIndex: 0, sensitive: false };
	it.each([
		['a manifest', { workflow: 'W', tools: [entry] }, true],
		['one with a gate', { workflow: 'W', tools: [{ ...entry, gate: 'G' }] }, true],
		['no tools', { workflow: 'W', tools: [] }, true],
		['tools missing', { workflow: 'W' }, false],
		['a negative index', { workflow: 'W', tools: [{ ...entry, nodeIndex: -1 }] }, false],
		['text', 'nope', false],
		['null', null, false],
	])('%s', (_what, value, ok) => {
		const reading = readManifest(value);
		expect(reading.ok).toBe(ok);
		if (!reading.ok) expect(reading.problems.length).toBeGreaterThan(0);
	});
});
