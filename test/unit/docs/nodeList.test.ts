/**
 * README.md's Operations table is the one hand-kept list of the nodes (the other docs link to it):
 * one row per node package.json's `n8n.nodes` makes n8n load, named as its page is headed and
 * linking the page its codex links, and no other row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const BLOB = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/';
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** `[name, page]` of each row of the table under `## heading`: `| **Hermes Vault** | ... | [..](docs/nodes/vault.md) |`. */
function tableRows(markdown: string, heading: string): Array<[string, string]> {
	const lines = markdown.split('\n');
	const start = lines.indexOf(`## ${heading}`);
	if (start < 0) return [];
	const section = lines.slice(start + 1);
	const end = section.findIndex((line) => line.startsWith('#'));
	return (end < 0 ? section : section.slice(0, end)).flatMap((line) => {
		const row = /^\| \*\*([^*]+)\*\* \|.*\]\(([^)]+)\) \|$/.exec(line);
		return row ? [[row[1], row[2]] as [string, string]] : [];
	});
}

/** `[display name, page]` of a node n8n loads, from its built path: the page its codex links, and that page's heading. */
function loadedNode(entry: string): [string, string] {
	const codexFile = entry.replace(/^dist\//, '').replace(/\.js$/, '.json');
	const codex = JSON.parse(read(codexFile)) as { resources: { primaryDocumentation: Array<{ url: string }> } };
	const page = codex.resources.primaryDocumentation[0].url.replace(BLOB, '');
	return [/^# (.+)$/m.exec(read(page))?.[1] ?? '', page];
}

test.each<[string, string, Array<[string, string]>]>([
	['a row per node', '## Operations\n\n| node | does | reference |\n|---|---|---|\n| **Hermes Vault** | notes | [docs/nodes/vault.md](docs/nodes/vault.md) |\n\n## Next', [['Hermes Vault', 'docs/nodes/vault.md']]],
	['no such section', '## Nodes\n| **Hermes Vault** | notes | [docs/nodes/vault.md](docs/nodes/vault.md) |', []],
	['a row of the next section', '## Operations\n\n## Credentials\n| **Hermes SSH** | x | [a](docs/transport.md) |', []],
])('the matcher: %s', (_case, markdown, rows) => {
	expect(tableRows(markdown, 'Operations')).toEqual(rows);
});

test("README.md's Operations table has a row for each node of package.json, and no other", () => {
	const nodes = (JSON.parse(read('package.json')) as { n8n: { nodes: string[] } }).n8n.nodes;
	expect(nodes.length).toBeGreaterThan(0);
	const sorted = (rows: Array<[string, string]>) => [...rows].sort(([a], [b]) => a.localeCompare(b));
	expect(sorted(tableRows(read('README.md'), 'Operations'))).toEqual(sorted(nodes.map(loadedNode)));
});
