/**
 * Config `creates`: its defaults, and the data table names. n8n's Data table node finds a table by
 * a name it contains, so neither store's name (the create store, the approval store) may contain
 * the other's: the config is refused, naming the key. There is no lock table any more: a
 * `lockTable` key is refused as removed (config/removedKeys.ts), never checked as a name.
 */
import { APPROVAL_DEFAULTS, CREATES_DEFAULTS, defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { ConfigError } from '../../../../generator/config';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const APPROVALS = { channel: EMAIL, publicUrl: 'https://n8n.example.com' };

function parse(creates: Record<string, unknown> | undefined, approvals?: Record<string, unknown>): HermesConfig {
	return parseConfig({ ...defaultConfig(), ...(creates ? { creates } : {}), ...(approvals ? { approvals: { ...APPROVALS, ...approvals } } : {}) }, 'test config');
}

/** The config's problem lines (ConfigError issues), or [] when it parses. */
function issues(creates: Record<string, unknown> | undefined, approvals?: Record<string, unknown>): string[] {
	try {
		parse(creates, approvals);
		return [];
	} catch (error) {
		expect(error).toBeInstanceOf(ConfigError);
		return (error as ConfigError).issues;
	}
}

describe('config creates', () => {
	it('defaults: ten minutes, the store, the workflow prefix; no lock table', () => {
		expect(defaultConfig().creates).toEqual(CREATES_DEFAULTS);
		expect(parse(undefined).creates).toStrictEqual({ windowMinutes: 10, table: 'hermes_creates', workflowPrefix: 'Hermes Create - ' });
		expect(CREATES_DEFAULTS).not.toHaveProperty('lockTable');
		expect(APPROVAL_DEFAULTS).not.toHaveProperty('lockTable');
		// A partial section keeps the other defaults.
		expect(parse({ windowMinutes: 30 }).creates).toEqual({ ...CREATES_DEFAULTS, windowMinutes: 30 });
	});

	it.each<[string, Record<string, unknown>, RegExp]>([
		['a window of 0 minutes', { windowMinutes: 0 }, /^creates\.windowMinutes: /],
		['a window over a day', { windowMinutes: 1441 }, /^creates\.windowMinutes: /],
		['a window in fractions', { windowMinutes: 1.5 }, /^creates\.windowMinutes: /],
		['a table name in capitals', { table: 'Hermes_Creates' }, /^creates\.table: lower case letters, digits and _/],
		['a lock table, even a valid name: removed', { lockTable: 'hermes_create_locks' }, /^creates\.lockTable: removed: identical calls are now told apart by their own rows in the store \(creates\.table\), so no lock table is needed/],
		['a lock table name with a space: removed, not checked as a name', { lockTable: 'create locks' }, /^creates\.lockTable: removed: /],
		['an unknown key', { window: 10 }, /^creates\.window: unknown key/],
	])('%s: refused', (_label, creates, issue) => {
		expect(issues(creates)).toEqual([expect.stringMatching(issue)]);
	});
});

describe('data table names: none may contain another', () => {
	it.each<[string, Record<string, unknown> | undefined, Record<string, unknown> | undefined, string[]]>([
		['defaults, no approvals', undefined, undefined, []],
		['defaults, with approvals', undefined, {}, []],
		['other names, none containing another', { table: 'ops_creates' }, { table: 'ops_approvals' }, []],
		// Without approvals there is no approval table to clash with.
		['no approvals: creates.table may be the approvals\' default name', { table: 'hermes_approvals' }, undefined, []],
		['creates.table containing approvals.table', { table: 'hermes_approvals_created' }, {}, ['creates.table', 'approvals.table']],
		['approvals.table containing creates.table', undefined, { table: 'hermes_creates_approved' }, ['creates.table', 'approvals.table']],
		['creates.table the same as approvals.table', { table: 'shared' }, { table: 'shared' }, ['creates.table', 'approvals.table']],
		// The old lock tables' names clash with nothing: no table of that name is desired.
		['creates.table containing the old approval lock table\'s name', { table: 'hermes_approval_locks_log' }, {}, []],
		['approvals.table containing the old create lock table\'s name', undefined, { table: 'hermes_create_locks_approvals' }, []],
		['creates.table the old create lock table\'s name', { table: 'hermes_create_locks' }, {}, []],
	])('%s', (_label, creates, approvals, clash) => {
		const found = issues(creates, approvals);
		if (clash.length === 0) {
			expect(found).toEqual([]);
			return;
		}
		// One problem, at one of the two keys, naming the other key and both names.
		expect(found).toHaveLength(1);
		const [key, message] = [found[0].slice(0, found[0].indexOf(':')), found[0].slice(found[0].indexOf(':') + 1)];
		expect(clash).toContain(key);
		expect(message).toContain(`(${clash.find((k) => k !== key)})`);
		expect(message).toMatch(/must not contain one another/);
		const names = parseNames(creates, approvals);
		for (const k of clash) expect(message).toContain(`"${names[k]}"`);
	});

	it('the clash is said once, at approvals.table', () => {
		expect(issues({ table: 'approvals_created' }, { table: 'approvals' })).toEqual([expect.stringMatching(/^approvals\.table: "approvals" and the table "approvals_created" \(creates\.table\) must not contain one another/)]);
	});

	it('lock table keys are refused as removed, not as a clash, beside a clash of the stores', () => {
		expect(issues({ table: 'shared', lockTable: 'shared_locks' }, { table: 'shared', lockTable: 'shared_locks' })).toEqual([
			expect.stringMatching(/^approvals\.lockTable: removed: /),
			expect.stringMatching(/^creates\.lockTable: removed: /),
			expect.stringMatching(/^approvals\.table: .*\(creates\.table\) must not contain one another/),
		]);
	});
});

/** The table names a case sets, by key (the defaults where it sets none). */
function parseNames(creates: Record<string, unknown> | undefined, approvals: Record<string, unknown> | undefined): Record<string, string> {
	return {
		'creates.table': String(creates?.table ?? CREATES_DEFAULTS.table),
		'approvals.table': String(approvals?.table ?? APPROVAL_DEFAULTS.table),
	};
}
