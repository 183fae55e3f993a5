import { spawnSync } from 'node:child_process';

import { LIST_SCRIPT } from '../../../../nodes/HermesVault/scripts/list';
import { READ_SCRIPT } from '../../../../nodes/HermesVault/scripts/read';
import { SEARCH_MATCHES_REQUESTED, SEARCH_RAW_LINES, SEARCH_SCRIPT } from '../../../../nodes/HermesVault/scripts/search';
import { WRITE_SCRIPT } from '../../../../nodes/HermesVault/scripts/write';
import { VAULT_LIMITS } from '../../../../core/vault/contract';

describe.each([
	['search', SEARCH_SCRIPT],
	['list', LIST_SCRIPT],
	['read', READ_SCRIPT],
	['write', WRITE_SCRIPT],
])('%s script', (_name, script) => {
	test('parses with bash -n', () => {
		const check = spawnSync('bash', ['-n', '-c', script], { encoding: 'utf8' });
		expect(check.stderr).toBe('');
		expect(check.status).toBe(0);
	});
	test('holds no leftover template placeholder', () => {
		expect(script).not.toMatch(/\$\{'\$'\}|undefined|\[object /);
	});
});

/** Matches kept of the first SEARCH_RAW_LINES raw lines when every file sends `perFile` of them, each cut to the per-file cap. */
function keptOf(perFile: number): number {
	let kept = 0;
	for (let line = 0; line < SEARCH_RAW_LINES; line++) if (line % perFile < VAULT_LIMITS.searchMatchesPerFile) kept++;
	return kept;
}

// git sends at most SEARCH_MATCHES_REQUESTED lines per file; the node drops what passes the per-file cap.
test.each(Array.from({ length: SEARCH_MATCHES_REQUESTED }, (_, i) => [i + 1]))(
	'search reads enough raw lines to see more than the total cap after per-file capping (%i lines per file)',
	(perFile) => {
		expect(keptOf(perFile)).toBeGreaterThan(VAULT_LIMITS.searchLines);
	},
);
