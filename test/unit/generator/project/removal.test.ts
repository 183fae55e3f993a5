/** Delete, never disable: a tool removed from the catalogue is absent from the output. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { ARTICLE_TOOLS, generated } from '../fixtures';

const REMOVED = 'odoo_create_contact';
const before = generated();
const after = generated(CATALOGUE.filter((t) => t.name !== REMOVED));

/** `git diff --no-index` of two texts: lines removed and added. */
function lineDiff(a: string, b: string): { removed: string[]; added: string[] } {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-diff-'));
	try {
		writeFileSync(join(dir, 'a.json'), a);
		writeFileSync(join(dir, 'b.json'), b);
		let out = '';
		try {
			execFileSync('git', ['diff', '--no-index', '--unified=0', 'a.json', 'b.json'], { cwd: dir, encoding: 'utf8' });
		} catch (error) {
			out = (error as { stdout: string }).stdout; // exit 1 = differences found
		}
		const lines = out.split('\n').filter((l) => !l.startsWith('+++') && !l.startsWith('---'));
		return { removed: lines.filter((l) => l.startsWith('-')), added: lines.filter((l) => l.startsWith('+')) };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('removing a tool from the catalogue', () => {
	it('removes its node and its connection, and nothing else', () => {
		expect(after.main.nodes).toHaveLength(CATALOGUE.length);
		expect(after.main.nodes.map((n) => n.name)).not.toContain(REMOVED);
		expect(Object.keys(after.main.connections)).toEqual(ARTICLE_TOOLS.filter((t) => t !== REMOVED).reverse());
		const strip = (node: object) => Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'position'));
		expect(after.main.nodes.map(strip)).toEqual(before.main.nodes.filter((n) => n.name !== REMOVED).map(strip));
	});

	it('re-indexes the manifest', () => {
		expect(after.manifest.tools.map((t) => t.tool)).toEqual(ARTICLE_TOOLS.filter((t) => t !== REMOVED));
		after.manifest.tools.forEach((entry, i) => {
			expect(entry.aiToolIndex).toBe(after.manifest.tools.length - 1 - i);
			expect(after.main.nodes[entry.nodeIndex].name).toBe(entry.tool);
		});
		const next = after.manifest.tools.find((t) => t.tool === 'odoo_update_contact')!;
		const was = before.manifest.tools.find((t) => t.tool === 'odoo_update_contact')!;
		expect(next.nodeIndex).toBe(was.nodeIndex - 1);
	});

	it('shows as a deletion in the diff: only coordinates move, nothing is added, never `disabled`', () => {
		const { removed, added } = lineDiff(
			before.byName('hermes-mcp-tools.json').content,
			after.byName('hermes-mcp-tools.json').content,
		);
		expect(removed.join('\n')).toContain(`"name": "${REMOVED}"`);
		expect(removed.join('\n')).toContain(`"${REMOVED}": {`);
		for (const line of added) expect(line).toMatch(/^\+\s+-?\d+,?$/);
		expect([...added, ...removed].join('\n')).not.toMatch(/disabled/);
	});
});
