/**
 * The docs are reference, not history: each fact once, linked from elsewhere. Every Markdown page
 * outside test/ (as git lists it, pages.ts) has a byte budget here, about its size plus a little,
 * and all of them together stay within TOTAL_BUDGET. A page that outgrows its budget is cut (what
 * another page or a table already says, narration, history) before its number is raised; a new
 * page needs its row, and a removed one loses it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { markdownPages, ROOT } from './pages';

const TOTAL_BUDGET = 200_000;
const README_CAP = 12_000;
const THIS_FILE = 'test/unit/docs/pageBudgets.test.ts';

/** Bytes per page. docs/lint-rules.md is generated (`hermes-workflows lint --rules-doc`): its headroom is for new rules. */
const BUDGETS: Readonly<Record<string, number>> = {
	'ARCHITECTURE.md': 11_400,
	'CONTRIBUTING.md': 11_300,
	'README.md': 10_200,
	'docs/admin.md': 8_500,
	'docs/agent.md': 5_600,
	'docs/answers.md': 12_500,
	'docs/approvals.md': 17_000,
	'docs/catalogue.md': 19_600,
	'docs/deploying.md': 14_800,
	'docs/environment.md': 3_600,
	'docs/gateway-modes.md': 7_500,
	'docs/installing.md': 8_200,
	'docs/lint-rules.md': 16_000,
	'docs/nodes/content.md': 2_300,
	'docs/nodes/docker.md': 5_400,
	'docs/nodes/lint.md': 2_300,
	'docs/nodes/monitoring.md': 3_000,
	'docs/nodes/odoo.md': 6_300,
	'docs/nodes/vault.md': 8_800,
	'docs/operating.md': 9_000,
	'docs/queue-mode.md': 8_800,
	'docs/testing.md': 9_800,
	'docs/transport.md': 6_800,
	'generator/README.md': 2_600,
};

/** What is wrong with these page sizes against these budgets, one line each; none when all hold. */
function budgetProblems(sizes: Readonly<Record<string, number>>, budgets: Readonly<Record<string, number>>, total: number): string[] {
	const problems: string[] = [];
	for (const [page, size] of Object.entries(sizes)) {
		const budget = budgets[page];
		if (budget === undefined) problems.push(`${page}: no budget (${size} bytes); add it to BUDGETS in ${THIS_FILE}, and keep the total within ${total}`);
		else if (size > budget) problems.push(`${page}: ${size} bytes, over its budget of ${budget}; cut what another page or a table already says`);
	}
	for (const page of Object.keys(budgets)) {
		if (!(page in sizes)) problems.push(`${page}: a budget for a page git does not list; remove its row from BUDGETS`);
	}
	const sum = Object.values(sizes).reduce((a, b) => a + b, 0);
	if (sum > total) problems.push(`all pages: ${sum} bytes, over the total budget of ${total}`);
	return problems;
}

describe('the budget check', () => {
	test.each<[string, Record<string, number>, Record<string, number>, number, RegExp[]]>([
		['every page within its budget and the total', { 'a.md': 90, 'docs/b.md': 100 }, { 'a.md': 100, 'docs/b.md': 100 }, 200, []],
		['a new page without a budget', { 'a.md': 90, 'docs/new.md': 10 }, { 'a.md': 100 }, 200, [/^docs\/new\.md: no budget \(10 bytes\); add it to BUDGETS in test\/unit\/docs\/pageBudgets\.test\.ts/]],
		['a page over its budget', { 'a.md': 101 }, { 'a.md': 100 }, 200, [/^a\.md: 101 bytes, over its budget of 100/]],
		['a budget for a page that is gone', { 'a.md': 90 }, { 'a.md': 100, 'old.md': 50 }, 200, [/^old\.md: a budget for a page git does not list/]],
		['pages within their budgets, over the total', { 'a.md': 100, 'b.md': 100 }, { 'a.md': 100, 'b.md': 100 }, 150, [/^all pages: 200 bytes, over the total budget of 150$/]],
	])('%s', (_case, sizes, budgets, total, expected) => {
		const problems = budgetProblems(sizes, budgets, total);
		expect(problems).toHaveLength(expected.length);
		expected.forEach((line, i) => expect(problems[i]).toMatch(line));
	});
});

describe('the Markdown pages outside test/', () => {
	const pages = markdownPages();
	const sizes = Object.fromEntries(pages.map((page) => [page, Buffer.byteLength(readFileSync(join(ROOT, page)))]));

	test('git lists them, README.md and docs/ among them', () => {
		expect(pages).toContain('README.md');
		expect(pages.filter((page) => page.startsWith('docs/')).length).toBeGreaterThan(10);
	});

	test(`each is within its budget, and all of them within ${TOTAL_BUDGET} bytes`, () => {
		expect(budgetProblems(sizes, BUDGETS, TOTAL_BUDGET)).toEqual([]);
	});

	test('the budgets themselves add up: README.md within its cap, no page given more than the total', () => {
		expect(BUDGETS['README.md']).toBeLessThanOrEqual(README_CAP);
		expect(Object.values(BUDGETS).every((budget) => budget > 0 && budget < TOTAL_BUDGET)).toBe(true);
	});
});
