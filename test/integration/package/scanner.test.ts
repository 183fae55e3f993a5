/**
 * n8n's community-package scanner (@n8n/scan-community-package, installed by
 * test/setup/install-scanner.sh) on the sources and on the packed tarball. Only the findings an
 * SSH package cannot avoid may remain; each is listed with its reason in
 * docs/installing.md: the ssh2 and node:net imports, the timers of the SSH transport, ssh2 as a
 * runtime dependency (which is why the package is for self-hosted n8n), and the diff library a
 * vault write's approval shows its changes with.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { packPackage } from '../../harness/n8n/communityPackage';

jest.setTimeout(300_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
const CACHE = process.env.HERMES_N8N_CACHE || '/var/cache/n8n-nodes-hermes';
const MARKER = join(CACHE, 'scan-community-package-0.32.0', '.hermes-install-complete');

interface Finding {
	file: string;
	severity: string;
	rule: string;
	message: string;
}

/** The scanner's stylish report as findings. */
function parse(details: string): Finding[] {
	const findings: Finding[] = [];
	let file = '';
	for (const line of details.split('\n')) {
		if (line.startsWith('/')) file = line.trim();
		const match = /^\s+\d+:\d+\s+(error|warning)\s+(.*?)\s{2,}(\S+)\s*$/.exec(line);
		if (match) findings.push({ file, severity: match[1], message: match[2], rule: match[3] });
	}
	return findings;
}

function scan(dir: string, leg: 'source' | 'tarball'): Finding[] {
	const scanner = readFileSync(MARKER, 'utf8').match(/^dir=(.*)$/m)![1];
	// Jest sets NODE_ENV=test, which makes the scanner's ESLint plugin run its own test-mode checks.
	const env = { ...process.env, NODE_ENV: 'production' };
	const out = execFileSync(process.execPath, [join(__dirname, 'scan.mjs'), scanner, dir, leg], { encoding: 'utf8', timeout: 240_000, env });
	return parse((JSON.parse(out) as { details: string }).details);
}

/** What an SSH package cannot avoid, and nothing else. */
function inherent(finding: Finding): boolean {
	if (finding.rule === '@n8n/community-nodes/no-restricted-imports') {
		return (
			/'(ssh2|node:net)'/.test(finding.message) ||
			(/'node:http'/.test(finding.message) && /transport\/http\.[jt]s$/.test(finding.file)) ||
			// The line diff a person approves a vault write by, from a library rather than by hand.
			(/'diff'/.test(finding.message) && /HermesVault\/helpers\/noteChanges\.[jt]s$/.test(finding.file))
		);
	}
	if (finding.rule === '@n8n/community-nodes/no-restricted-globals') return /'(setTimeout|clearTimeout)'/.test(finding.message);
	if (finding.rule === '@n8n/community-nodes/no-runtime-dependencies') return finding.file.endsWith('package.json');
	// No public home yet: a warning, not a finding about the code.
	return finding.rule === '@n8n/community-nodes/require-homepage' && finding.severity === 'warning';
}

let work: string;
beforeAll(() => {
	if (!existsSync(MARKER)) throw new Error('the scanner is not installed: run `bash test/setup/install-scanner.sh`');
	work = mkdtempSync(join(tmpdir(), 'hermes-scan-'));
});
afterAll(() => work && rmSync(work, { recursive: true, force: true }));

test('the sources have only the findings inherent to an SSH package', () => {
	const findings = scan(REPO_ROOT, 'source');
	expect(findings.filter((f) => !inherent(f))).toEqual([]);
	expect(findings.some((f) => f.rule.endsWith('no-restricted-imports'))).toBe(true);
});

test('the packed tarball has only the findings inherent to an SSH package, and no CLI code', () => {
	const tarball = packPackage(REPO_ROOT, work);
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	const findings = scan(join(work, 'package'), 'tarball');
	expect(findings.filter((f) => !inherent(f))).toEqual([]);
	expect(findings.filter((f) => f.file.includes('generator'))).toEqual([]);
	const pkg = JSON.parse(readFileSync(join(work, 'package', 'package.json'), 'utf8'));
	expect(Object.keys(pkg.dependencies)).toEqual(['diff', 'ssh2']);
	expect(existsSync(join(work, 'package', 'LICENSE'))).toBe(true);
});
