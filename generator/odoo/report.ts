/** Renders a check-odoo report for people (text) and for tools (json); a failure is printed by the CLI as every failure is. */
import type { OdooCheckReport, OdooProblemKind } from './checkSchema';
import { MODULE_LABELS } from './modules';

export type ReportFormat = 'text' | 'json';

/** What a failing tool's problems come to, for the summary: the user's rights, this Odoo's schema, or the requests it refuses. */
type Cause = 'access' | 'schema' | 'request';
const CAUSE: Record<OdooProblemKind, Cause> = {
	'no-access': 'access',
	'missing-model': 'schema',
	'missing-field': 'schema',
	'wrong-type': 'schema',
	'wrong-relation': 'schema',
	'missing-record': 'schema',
	'refused-request': 'request',
};
const SUMMARY: Record<Cause, string> = {
	schema: 'do not match this Odoo',
	access: 'lack a right the user does not have',
	request: 'send a request this Odoo refuses',
};

function summary(report: OdooCheckReport): string[] {
	const total = report.tools.length;
	if (report.problems.length === 0) return [`OK: all ${total} Odoo tools find their models and fields`];
	const lines: string[] = [];
	for (const cause of ['schema', 'access', 'request'] as const) {
		const tools = new Set(report.problems.filter((p) => CAUSE[p.kind] === cause).map((p) => p.tool));
		if (tools.size > 0) lines.push(`${tools.size} of ${total} Odoo tools ${SUMMARY[cause]}`);
	}
	return lines;
}

export function formatReport(report: OdooCheckReport, format: ReportFormat): string {
	if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
	const lines: string[] = [];
	const version = report.serverVersion ? `Odoo ${report.serverVersion}` : 'Odoo';
	const who = report.login !== undefined ? `user "${report.login}"` : 'the API key\'s user';
	const protocol = report.protocol === 'json2' ? 'JSON-2' : 'JSON-RPC';
	lines.push(`${version} at ${report.url} (${protocol}), database "${report.db}", ${who}${report.uid !== undefined ? ` (uid ${report.uid})` : ''}`);
	const missing = report.models.filter((m) => !m.present).length;
	lines.push(`${report.models.length} models read${missing ? `, ${missing} missing or unreadable` : ''}`);
	for (const problem of report.problems) lines.push(`FAIL ${problem.tool}: ${problem.message}${problem.fix ? `; fix: ${problem.fix}` : ''}`);
	if (report.missingModules.length > 0) {
		const names = report.missingModules.map((m) => (MODULE_LABELS[m] ? `${m} (${MODULE_LABELS[m]})` : m));
		lines.push(`Missing Odoo modules: ${names.join(', ')}`);
	}
	for (const note of report.notes) lines.push(`Note: ${note}`);
	lines.push(...summary(report));
	return `${lines.join('\n')}\n`;
}
