import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lintWorkflow, SHAPE_RULE } from '../../../../generator/lint';
import { markdownText, ruleDocs } from '../../../../generator/lint/ruleDocs';
import { RULES } from '../../../../core/lint/rules';
import { FIXTURES, manifestFor, readFixture } from './fixtures';

/** One known-bad fixture per rule: the codes it must produce, with how many findings each. */
const EXPECTED: Array<[file: string, codes: Record<string, number>]> = [
	['clean.json', {}],
	// listed last: shifts no tool, so a warning (hmt002's fixture has the error case)
	['hmt001-disabled-tool-wired.json', { HMT001: 1 }],
	// a misroute has a cause: the disabled node (HMT001) that shifts the index
	['hmt002-tool-misrouted.json', { HMT001: 1, HMT002: 1 }],
	['hmt003-tool-name-duplicate.json', { HMT003: 1 }],
	['hmt004-tool-name-invalid.json', { HMT004: 1 }],
	['hmt005-tool-name-too-long.json', { HMT005: 1 }],
	// bad key and unknown type in one call: two problems
	['hmt006-fromai-malformed.json', { HMT006: 2 }],
	['hmt007-fromai-conflict.json', { HMT007: 1 }],
	['hmt008-optional-without-default.json', { HMT008: 1 }],
	['hmt009-toolworkflow-empty-schema.json', { HMT009: 1 }],
	['hmt010-toolworkflow-no-fromai.json', { HMT010: 1 }],
	['hmt011-mcp-trigger-no-auth.json', { HMT011: 1 }],
	['hmt012-mcp-trigger-no-webhookid.json', { HMT012: 1 }],
	['hmt013-manifest-out-of-sync.json', { HMT013: 1 }],
	['hmt014-secret-in-parameters.json', { HMT014: 1 }],
	['hmt015-connection-unknown-node.json', { HMT015: 1 }],
	['hmt016-fromai-not-expression.json', { HMT016: 1 }],
	// sensitive: an Odoo tool and a toolWorkflow without approval_id (2), and a gated toolWorkflow (0)
	['hmt017-sensitive-tool-ungated.json', { HMT017: 2 }],
	// three notifications: over http to another host (1), over https and on loopback (0)
	['hmt018-approval-link-plain-http.json', { HMT018: 1 }],
	['hmt019-mcp-trigger-no-instructions.json', { HMT019: 1 }],
	// 1,818 characters: just over
	['hmt020-mcp-instructions-too-long.json', { HMT020: 1 }],
];

function codeCounts(file: string): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const finding of lintWorkflow(readFixture(file), { file, manifest: manifestFor(file) })) {
		counts[finding.code] = (counts[finding.code] ?? 0) + 1;
	}
	return counts;
}

describe('one known-bad fixture per rule', () => {
	it.each(EXPECTED)('%s produces exactly %j', (file, codes) => {
		expect(codeCounts(file)).toEqual(codes);
	});

	it('covers every rule and every fixture', () => {
		const covered = new Set(EXPECTED.flatMap(([, codes]) => Object.keys(codes)));
		expect([...covered].sort()).toEqual(RULES.map((rule) => rule.code).sort());
		const listed = new Set(EXPECTED.map(([file]) => file));
		const onDisk = readdirSync(FIXTURES).filter(
			(file) => /^(clean|hmt\d+-.*)\.json$/.test(file) && !file.endsWith('.index.json'),
		);
		expect(onDisk.filter((file) => !listed.has(file))).toEqual([]);
	});

	it('gives every finding its rule severity, hint, node and file', () => {
		const findings = lintWorkflow(readFixture('hmt001-disabled-tool-wired.json'), { file: 'w.json' });
		expect(findings).toEqual([
			{
				code: 'HMT001',
				severity: 'warning',
				message:
					'disabled node "calc_off" is still wired as a tool into "MCP Server Trigger"; it is listed last, so no tool is shifted today, but a tool wired later would run the wrong node on n8n 2.20 and older in queue mode',
				node: 'calc_off',
				hint: RULES[0].hint,
				file: 'w.json',
			},
		]);
	});
});

describe('rule table', () => {
	it('has unique, stable-looking codes and a summary, why and hint per rule', () => {
		const codes = RULES.map((rule) => rule.code);
		expect(new Set(codes).size).toBe(codes.length);
		for (const rule of RULES) {
			expect(rule.code).toMatch(/^HMT\d{3}$/);
			expect(rule.name).toMatch(/^[a-z0-9-]+$/);
			for (const text of [rule.summary, rule.why, rule.hint]) expect(text.length).toBeGreaterThan(10);
		}
	});
});

describe('docs/lint-rules.md', () => {
	it('is what the rule registry generates (regenerate with `hermes-workflows lint --rules-doc > docs/lint-rules.md`)', () => {
		const committed = readFileSync(join(__dirname, '../../../../docs/lint-rules.md'), 'utf8');
		expect(committed).toBe(ruleDocs());
	});

	it('has a row and a section per code with its severity, summary, why and fix', () => {
		const page = ruleDocs();
		for (const rule of [SHAPE_RULE, ...RULES]) {
			const [summary, why, hint] = [rule.summary, rule.why, rule.hint].map(markdownText);
			expect(page).toContain(`| ${rule.name} | ${rule.severity} | ${summary} |`);
			expect(page).toContain(`## ${rule.code} ${rule.name}\n\nSeverity: **${rule.severity}**.\n\n${summary}\n\n**Why:** ${why}\n\n**Fix:** ${hint}\n`);
		}
	});
});
