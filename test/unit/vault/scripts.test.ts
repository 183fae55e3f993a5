import { spawnSync } from 'node:child_process';

import { LIST_SCRIPT } from '../../../nodes/HermesVault/scripts/list';
import { READ_SCRIPT } from '../../../nodes/HermesVault/scripts/read';
import { SEARCH_RAW_LINES, SEARCH_SCRIPT } from '../../../nodes/HermesVault/scripts/search';
import { WRITE_SCRIPT } from '../../../nodes/HermesVault/scripts/write';
import { VAULT_LIMITS } from '../../../nodes/HermesVault/contract';

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

test('search reads enough raw lines to decide truncation after per-file capping', () => {
	// Each file drops at most one of its 4 raw lines: 84 raw lines keep at least 63 > 60.
	expect(SEARCH_RAW_LINES).toBe(84);
	const worstKept = SEARCH_RAW_LINES - SEARCH_RAW_LINES / (VAULT_LIMITS.searchMatchesPerFile + 1);
	expect(worstKept).toBeGreaterThan(VAULT_LIMITS.searchLines);
});
