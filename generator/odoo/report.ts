/** Renders a check-odoo report for people (text) and for tools (json); a failure is printed by the CLI as every failure is. */
import type { OdooCheckReport } from './checkSchema';
import { MODULE_LABELS } from './modules';

export type ReportFormat = 'text' | 'json';

export function formatReport(report: OdooCheckReport, format: ReportFormat): string {
	if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
	const lines: string[] = [];
	const version = report.serverVersion ? `Odoo ${report.serverVersion}` : 'Odoo';
	lines.push(`${version} at ${report.url}, database "${report.db}", user "${report.login}" (uid ${report.uid})`);
	const missing = report.models.filter((m) => !m.present).length;
	lines.push(`${report.models.length} models read${missing ? `, ${missing} missing or unreadable` : ''}`);
	for (const problem of report.problems) lines.push(`FAIL ${problem.tool}: ${problem.message}`);
	if (report.missingModules.length > 0) {
		const names = report.missingModules.map((m) => (MODULE_LABELS[m] ? `${m} (${MODULE_LABELS[m]})` : m));
		lines.push(`Missing Odoo modules: ${names.join(', ')}`);
	}
	for (const note of report.notes) lines.push(`Note: ${note}`);
	const failing = report.tools.filter((t) => !t.ok).length;
	lines.push(
		failing === 0
			? `OK: all ${report.tools.length} Odoo tools find their models and fields`
			: `${failing} of ${report.tools.length} Odoo tools do not match this Odoo`,
	);
	return `${lines.join('\n')}\n`;
}
