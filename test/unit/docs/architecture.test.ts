/** ARCHITECTURE.md lists exactly the credentials package.json's `n8n` block makes n8n load (README.md the nodes: nodeList.test.ts). */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** `dist/nodes/HermesVault/HermesVault.node.js` -> `HermesVault`. */
const loadedName = (entry: string) => basename(entry).replace(/\.(node|credentials)\.js$/, '');

/** The names the items of a `### heading` section start with (`- \`HermesVault\`: ...`). */
function listed(markdown: string, heading: string): string[] {
	const lines = markdown.split('\n');
	const start = lines.indexOf(`### ${heading}`);
	if (start < 0) return [];
	const section = lines.slice(start + 1);
	const end = section.findIndex((line) => line.startsWith('#'));
	return (end < 0 ? section : section.slice(0, end)).flatMap((line) => /^- `(\w+)`/.exec(line)?.[1] ?? []);
}

/** Entries of package.json missing from the section, and names the section lists that package.json does not load. */
function differences(entries: string[], markdown: string, heading: string): { missing: string[]; extra: string[] } {
	const loaded = entries.map(loadedName);
	const names = listed(markdown, heading);
	return { missing: loaded.filter((name) => !names.includes(name)), extra: names.filter((name) => !loaded.includes(name)) };
}

const agrees = (entries: string[], markdown: string, heading: string) => {
	const { missing, extra } = differences(entries, markdown, heading);
	return missing.length === 0 && extra.length === 0;
};

describe('the matcher', () => {
	const nodes = ['dist/nodes/HermesVault/HermesVault.node.js', 'dist/nodes/HermesOdoo/HermesOdoo.node.js'];
	const credentials = ['dist/credentials/HermesOdooApi.credentials.js', 'dist/credentials/HermesOdooApiKeyApi.credentials.js'];
	const doc = (...lines: string[]) => lines.join('\n');

	test.each<[string, string[], string, string, boolean]>([
		['the same names', nodes, doc('### Nodes', '', '- `HermesVault`: a', '- `HermesOdoo`: b'), 'Nodes', true],
		['the same names in another order, then the next section', nodes, doc('### Nodes', '- `HermesOdoo`', '- `HermesVault`', '### Credentials', '- `HermesSshApi`'), 'Nodes', true],
		['both credentials, one a prefix of the other', credentials, doc('### Credentials', '- `HermesOdooApi`: a', '- `HermesOdooApiKeyApi`: b'), 'Credentials', true],
		['a node left out', nodes, doc('### Nodes', '- `HermesVault`'), 'Nodes', false],
		['a listed node package.json does not load', nodes, doc('### Nodes', '- `HermesVault`', '- `HermesOdoo`', '- `HermesMail`'), 'Nodes', false],
		['a node named in prose, not as a list item', nodes, doc('### Nodes', '- `HermesVault`', 'and `HermesOdoo` too'), 'Nodes', false],
		['a node listed under another section', nodes, doc('### Nodes', '- `HermesVault`', '### Credentials', '- `HermesOdoo`'), 'Nodes', false],
		['only the shorter of two credential names', credentials, doc('### Credentials', '- `HermesOdooApi`'), 'Credentials', false],
		['no such section', nodes, doc('## Nodes', '- `HermesVault`', '- `HermesOdoo`'), 'Nodes', false],
	])('%s', (_case, entries, markdown, heading, expected) => {
		expect(agrees(entries, markdown, heading)).toBe(expected);
	});
});

describe('ARCHITECTURE.md against package.json', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { credentials: string[] } };
	const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

	test('### Credentials lists every entry of package.json and nothing else', () => {
		expect(pkg.n8n.credentials.length).toBeGreaterThan(0);
		expect(differences(pkg.n8n.credentials, architecture, 'Credentials')).toEqual({ missing: [], extra: [] });
	});
});
