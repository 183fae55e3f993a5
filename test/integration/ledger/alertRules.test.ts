/**
 * The generated alert rules, checked by Debian's real promtool: `check rules` accepts the file,
 * and `test rules` feeds it series as the exporter writes them and states which alerts fire: a
 * failure pages, the agent's own refusals do not, a tool with only failures for an hour is
 * silent, an exporter that cannot read n8n pages, undecided approvals warn.
 *
 * Real: promtool (Debian's prometheus package). No server runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parse, stringify } from 'yaml';

import { endpointSpecs } from '../../../generator/agentConfig/endpoints';
import { alertRules } from '../../../generator/ledger/alertRules';
import { loadProject } from '../../../generator/project';

const PROMTOOL = '/usr/bin/promtool';
jest.setTimeout(60_000);
const project = loadProject();
const endpoints = endpointSpecs(project.tools, project.config);
const dir = mkdtempSync(join(tmpdir(), 'hermes-rules-'));

function rulesFile(approvals: boolean): string {
	const file = join(dir, approvals ? 'with-approvals.yml' : 'rules.yml');
	writeFileSync(file, alertRules(endpoints, 'hermes-tools', approvals ? 60 : undefined));
	return file;
}

const calls = (tool: string, outcome: string, values: string) => ({ series: `hermes_tool_calls_total{endpoint="hermes-tools",tool="${tool}",outcome="${outcome}"}`, values });
const approvals = (step: string, values: string) => ({ series: `hermes_approvals_total{endpoint="hermes-tools",tool="crm_delete_lead",step="${step}"}`, values });
/** The exporter's health, labelled with its deployment (this config's by default). */
const up = (values: string, deployment = 'hermes-tools') => ({ series: `hermes_ledger_up{deployment="${deployment}"}`, values });

/** The rule's annotations with its templates filled in from the alert's labels and value, as Prometheus renders them. */
function annotationsFor(rules: string, alertname: string, labels: Record<string, string>, value: string): Record<string, string> {
	const file = parse(readFileSync(rules, 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; annotations: Record<string, string> }> }> };
	const rule = file.groups.flatMap((g) => g.rules).find((r) => r.alert === alertname);
	const fill = (text: string) => text.replace(/\{\{ \$labels\.(\w+) \}\}/g, (_, key: string) => labels[key] ?? '').replace(/\{\{ \$value \}\}/g, value);
	return Object.fromEntries(Object.entries(rule?.annotations ?? {}).map(([key, text]) => [key, fill(text)]));
}

/** Runs promtool's unit test of one case; its output on failure says which alert differed. */
function promtoolTest(rules: string, series: Array<{ series: string; values: string }>, evalAt: string, alertname: string, fired: Array<Record<string, string>>, value = ''): string {
	const file = join(dir, `${alertname}-${Math.random().toString(36).slice(2)}.test.yml`);
	const test = {
		rule_files: [rules],
		evaluation_interval: '1m',
		tests: [{ interval: '1m', input_series: series, alert_rule_test: [{ eval_time: evalAt, alertname, exp_alerts: fired.map((exp_labels) => ({ exp_labels, exp_annotations: annotationsFor(rules, alertname, exp_labels, value) })) }] }],
	};
	writeFileSync(file, stringify(test));
	try {
		return execFileSync(PROMTOOL, ['test', 'rules', file], { encoding: 'utf8', timeout: 30_000 });
	} catch (error) {
		const { stdout, stderr } = error as { stdout?: string; stderr?: string };
		throw new Error(`promtool test rules failed:\n${stdout ?? ''}${stderr ?? ''}`);
	}
}

const page = (tool: string) => ({ severity: 'page', endpoint: 'hermes-tools', tool });

it.each([false, true])('promtool check rules accepts the file (approvals in the config: %s)', (withApprovals) => {
	const out = execFileSync(PROMTOOL, ['check', 'rules', rulesFile(withApprovals)], { encoding: 'utf8', timeout: 30_000 });
	expect(out).toContain(`SUCCESS: ${withApprovals ? 4 : 3} rules found`);
});

describe('which alerts fire (promtool test rules)', () => {
	const rules = rulesFile(true);
	const quiet = [calls('vault_read', 'success', '0+1x30'), up('1x30')];
	it.each<[string, Array<{ series: string; values: string }>, string, string, Array<Record<string, string>>, string]>([
		['a failed call pages for its tool', [...quiet, calls('docker_manage', 'failed', '0x10 1x10')], '15m', 'HermesToolFailing', [page('docker_manage')], ''],
		['refusals alone never page', [...quiet, calls('vault_write', 'refused', '0+3x30')], '20m', 'HermesToolFailing', [], ''],
		['no failure, no alert', quiet, '20m', 'HermesToolFailing', [], ''],
		['a failure 20 minutes ago no longer pages', [...quiet, calls('docker_manage', 'failed', '0 1x30')], '25m', 'HermesToolFailing', [], ''],
		['only failures for an hour: the tool is silent', [...quiet, calls('monitoring_alerts', 'failed', '0+1x90'), calls('monitoring_alerts', 'success', '0x90')], '80m', 'HermesToolSilent', [page('monitoring_alerts')], ''],
		['failures beside successes: not silent', [...quiet, calls('monitoring_alerts', 'failed', '0+1x90'), calls('monitoring_alerts', 'success', '0+1x90')], '80m', 'HermesToolSilent', [], ''],
		['refusals only for an hour: not silent', [...quiet, calls('vault_write', 'refused', '0+1x90')], '80m', 'HermesToolSilent', [], ''],
		['the exporter cannot read n8n for 5 minutes', [calls('vault_read', 'success', '0x30'), up('1x5 0x20')], '15m', 'HermesLedgerDown', [{ severity: 'page', deployment: 'hermes-tools' }], ''],
		['a blip of 2 minutes does not page', [calls('vault_read', 'success', '0x30'), up('1x5 0 0 1x20')], '15m', 'HermesLedgerDown', [], ''],
		['no exporter at all', [calls('vault_read', 'success', '0x30')], '15m', 'HermesLedgerDown', [{ severity: 'page', deployment: 'hermes-tools' }], ''],
		["another deployment's exporter up does not hide that this one's is gone", [calls('vault_read', 'success', '0x30'), up('1x30', 'hermes-ops')], '15m', 'HermesLedgerDown', [{ severity: 'page', deployment: 'hermes-tools' }], ''],
		["another deployment's exporter down does not page for this one", [calls('vault_read', 'success', '0x30'), up('1x30'), up('0x30', 'hermes-ops')], '15m', 'HermesLedgerDown', [], ''],
		['6 requests, none decided: approvals pile up', [...quiet, approvals('requested', '0 0+1x6 6x20')], '10m', 'HermesApprovalsPiling', [{ severity: 'warning', endpoint: 'hermes-tools' }], '6'],
		['6 requests, 5 decided: no warning', [...quiet, approvals('requested', '0 0+1x6 6x20'), approvals('approved', '0 0+1x3 3x20'), approvals('denied', '0 0+1x2 2x20')], '10m', 'HermesApprovalsPiling', [], ''],
	// Every row has all six values: jest takes a sixth parameter without one for a done callback.
	])('%s', (_label, series, at, alert, fired, value) => {
		expect(promtoolTest(rules, series, at, alert, fired, value)).toContain('SUCCESS');
	});
});
