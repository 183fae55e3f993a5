/**
 * Prometheus alert rules over the exporter's metrics (metrics.ts), for the config's endpoints.
 * What pages is what only the operator can fix: a tool answering `failed` (retry `later` or
 * `never_here`, n8n's own error), a tool that answered nothing but failures for an hour, and an
 * exporter that cannot read n8n. The agent's own mistakes (`refused`) are counted and never
 * alerted on. Approvals piling up is a warning for the people who decide them.
 */
import { stringify } from 'yaml';

import type { EndpointSpec } from '../agentConfig/endpoints';
import { METRIC } from './metrics';

/** Undecided requests within one approval lifetime that make a queue worth a look. */
export const PILING_APPROVALS = 5;
/** How long a tool may go without a success while it is called. */
const SILENT_FOR = '1h';

interface Rule {
	alert: string;
	expr: string;
	for?: string;
	labels: Record<string, string>;
	annotations: Record<string, string>;
}

/**
 * `deployment`: the config's (config/deployment.ts), which its exporter labels its health with;
 * `approvalTtlMinutes`: the config's `approvals.ttlMinutes`, undefined without approvals (no approvals rule then).
 */
export function alertRules(endpoints: readonly EndpointSpec[], deployment: string, approvalTtlMinutes?: number): string {
	// An MCP path may hold regex characters (a dot): each is matched literally.
	const servers = endpoints.filter((e) => e.channel === 'tools').map((e) => e.server.replace(/[.*+?^${}()|[\]\\]/g, '\\\\$&'));
	const ours = `endpoint=~"${servers.join('|')}"`;
	const byTool = 'sum by (endpoint, tool)';
	const rules: Rule[] = [
		{
			alert: 'HermesToolFailing',
			expr: `${byTool} (increase(${METRIC.calls}{${ours}, outcome="failed"}[10m])) > 0`,
			labels: { severity: 'page' },
			annotations: {
				summary: '{{ $labels.tool }} failed in the last 10 minutes',
				description: 'The tool answered a failure the agent cannot fix (retry later or never_here, or an n8n error). See: hermes-workflows calls --tool {{ $labels.tool }} --outcome failed --since 1h',
			},
		},
		{
			alert: 'HermesToolSilent',
			expr: `(${byTool} (increase(${METRIC.calls}{${ours}, outcome="failed"}[${SILENT_FOR}])) > 0) unless on (endpoint, tool) (${byTool} (increase(${METRIC.calls}{${ours}, outcome="success"}[${SILENT_FOR}])) > 0)`,
			for: '5m',
			labels: { severity: 'page' },
			annotations: {
				summary: '{{ $labels.tool }} has stopped answering: only failures for an hour',
				description: 'It failed and did not once succeed in the last hour. See: hermes-workflows calls --tool {{ $labels.tool }} --since 1h',
			},
		},
		{
			alert: 'HermesLedgerDown',
			// This deployment's exporter only: another deployment's up does not hide this one's absence.
			expr: `${METRIC.up}{deployment="${deployment}"} == 0 or absent(${METRIC.up}{deployment="${deployment}"})`,
			for: '5m',
			labels: { severity: 'page' },
			annotations: {
				summary: "The tool exporter cannot read n8n's executions",
				description: 'n8n is down or refuses the exporter API key (execution:read), or the exporter is not running: tool failures would go unseen.',
			},
		},
	];
	if (approvalTtlMinutes !== undefined) {
		const window = `${approvalTtlMinutes}m`;
		const steps = (step: string) => `sum by (endpoint) (increase(${METRIC.approvals}{${ours}, step=~"${step}"}[${window}]))`;
		rules.push({
			alert: 'HermesApprovalsPiling',
			expr: `(${steps('requested')} - (${steps('approved|denied|invalid')} or ${steps('requested')} * 0)) >= ${PILING_APPROVALS}`,
			labels: { severity: 'warning' },
			annotations: {
				summary: '{{ $value }} approval requests of {{ $labels.endpoint }} are waiting for a decision',
				description: `Requested within one approval lifetime (${window}) and neither approved, denied nor expired. See: hermes-workflows calls --outcome approval --since ${window}`,
			},
		});
	}
	return stringify({ groups: [{ name: 'hermes-tools', rules }] }, { lineWidth: 0 });
}
