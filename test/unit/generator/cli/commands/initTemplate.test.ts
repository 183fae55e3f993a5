/**
 * What init's CI template and next steps tell a new project about its first lint: the warnings
 * it will see are the default catalogue's sensitive tools without approvals (HMT017).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { runInit } from '../../../../../generator/cli/commands/init';
import { CATALOGUE } from '../../../../helpers/defaultCatalogue';
import { scratchSpace } from '../../../../harness/scratch';

const template = readFileSync(join(__dirname, '../../../../../generator/templates/project/ci.yml'), 'utf8');
const sensitive = CATALOGUE.filter((tool) => tool.sensitive).map((tool) => tool.name);
const scratch = scratchSpace('hermes-init-');

it('the CI template names every sensitive tool and their count as the warnings to expect', () => {
	expect(template).toContain(`${sensitive.length} warnings (HMT017)`);
	for (const tool of sensitive) expect(template).toContain(tool);
});

it('the CI template installs without a lockfile and with one', () => {
	expect(template).toMatch(/if \[ -f package-lock\.json \]; then npm ci; else npm install/);
	expect(template).not.toMatch(/Copy to/);
});

it("init's next steps say to commit the lockfile and what the first lint reports", () => {
	let out = '';
	const dir = scratch();
	expect(runInit(dir, {}, { stdout: (t) => (out += t), stderr: () => undefined, env: {} })).toBe(0);
	expect(out).toContain('commit package-lock.json');
	expect(out).toContain(`${sensitive.length} warnings (HMT017)`);
});
