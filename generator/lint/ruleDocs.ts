import { RULES, SHAPE_RULE, type Rule } from './core';

type Documented = Pick<Rule, 'code' | 'name' | 'severity' | 'summary' | 'why' | 'hint'>;

/** Markdown-safe text: `<name>` would be read as an HTML tag, `|` as a table cell border. */
export const markdownText = (text: string) => text.replace(/[<>|]/g, (char) => `\\${char}`);

function section(rule: Documented): string {
	return [
		`## ${rule.code} ${rule.name}`,
		'',
		`Severity: **${rule.severity}**.`,
		'',
		markdownText(rule.summary),
		'',
		`**Why:** ${markdownText(rule.why)}`,
		'',
		`**Fix:** ${markdownText(rule.hint)}`,
		'',
	].join('\n');
}

/** The rule reference page (`docs/lint-rules.md`), made from the rule registry alone. */
export function ruleDocs(rules: readonly Documented[] = [SHAPE_RULE, ...RULES]): string {
	return [
		'# Lint rules',
		'',
		'<!-- Generated from the rule registry (core/lint/rules) by `hermes-workflows lint --rules-doc`; do not edit by hand. -->',
		'',
		'`hermes-workflows lint FILE|FOLDER...` checks n8n workflow JSON for what breaks MCP tools and AI agents.',
		'Exit 0 clean, 1 on errors (warnings too with `--strict`), 2 when an input cannot be linted or on bad usage.',
		'A rule has the severity of its worst case; a milder case of the same rule is reported as a warning (see each rule).',
		'',
		'| code | name | severity | what it catches |',
		'| --- | --- | --- | --- |',
		...rules.map((rule) => `| [${rule.code}](#${rule.code.toLowerCase()}-${rule.name}) | ${rule.name} | ${rule.severity} | ${markdownText(rule.summary)} |`),
		'',
		...rules.map(section),
	].join('\n');
}
