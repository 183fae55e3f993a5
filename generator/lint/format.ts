import type { Finding } from './core';

export const FORMATS = ['text', 'json', 'github'] as const;
export type Format = (typeof FORMATS)[number];

/** A finding with the line of its node in the file, when the CLI could find it. */
export type LocatedFinding = Finding & { line?: number };

function count(findings: Finding[]) {
	const errors = findings.filter((f) => f.severity === 'error').length;
	return { errors, warnings: findings.length - errors };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Human output: findings grouped by file, a fix line under each, a summary line. */
export function formatText(findings: LocatedFinding[], files: number): string {
	const lines: string[] = [];
	let currentFile: string | undefined;
	for (const finding of findings) {
		if (finding.file !== currentFile) {
			currentFile = finding.file;
			lines.push(currentFile ?? '(input)');
		}
		const where = [
			finding.line !== undefined ? `line ${finding.line}` : undefined,
			finding.node !== undefined ? `node "${finding.node}"` : undefined,
		]
			.filter(Boolean)
			.join(', ');
		lines.push(`  ${finding.code} ${finding.severity.padEnd(7)} ${where ? `${where}: ` : ''}${finding.message}`);
		lines.push(`         fix: ${finding.hint}`);
	}
	const { errors, warnings } = count(findings);
	lines.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(files, 'file')}`);
	return `${lines.join('\n')}\n`;
}

/** Machine output: every finding plus totals. */
export function formatJson(findings: LocatedFinding[], files: number): string {
	return `${JSON.stringify({ findings, summary: { files, ...count(findings) } }, null, 2)}\n`;
}

// GitHub workflow commands: https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` / `::warning` annotation per finding. */
export function formatGithub(findings: LocatedFinding[]): string {
	return findings
		.map((finding) => {
			const properties = [
				finding.file !== undefined ? `file=${escapeProperty(finding.file)}` : undefined,
				finding.line !== undefined ? `line=${finding.line}` : undefined,
				`title=${escapeProperty(finding.node !== undefined ? `${finding.code} ${finding.node}` : finding.code)}`,
			].filter(Boolean);
			return `::${finding.severity} ${properties.join(',')}::${escapeData(`${finding.message}. Fix: ${finding.hint}`)}\n`;
		})
		.join('');
}

export function formatFindings(format: Format, findings: LocatedFinding[], files: number): string {
	if (format === 'json') return formatJson(findings, files);
	if (format === 'github') return formatGithub(findings);
	return formatText(findings, files);
}
