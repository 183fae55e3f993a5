/**
 * Config `creates`: its defaults, and the data table names. n8n's Data table node finds a table by
 * a name it contains, so no store's name (the create store, its locks, the approval store, its
 * locks) may contain another's: the config is refused, naming the key.
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
	it('defaults: ten minutes, the two tables, the workflow prefix', () => {
		expect(defaultConfig().creates).toEqual(CREATES_DEFAULTS);
		expect(parse(undefined).creates).toEqual({ windowMinutes: 10, table: 'hermes_creates', lockTable: 'hermes_create_locks', workflowPrefix: 'Hermes Create - ' });
		// A partial section keeps the other defaults.
		expect(parse({ windowMinutes: 30 }).creates).toEqual({ ...CREATES_DEFAULTS, windowMinutes: 30 });
	});

	it.each<[string, Record<string, unknown>, RegExp]>([
		['a window of 0 minutes', { windowMinutes: 0 }, /^creates\.windowMinutes: /],
		['a window over a day', { windowMinutes: 1441 }, /^creates\.windowMinutes: /],
		['a window in fractions', { windowMinutes: 1.5 }, /^creates\.windowMinutes: /],
		['a table name in capitals', { table: 'Hermes_Creates' }, /^creates\.table: lower case letters, digits and _/],
		['a lock table name with a space', { lockTable: 'create locks' }, /^creates\.lockTable: lower case letters, digits and _/],
		['an unknown key', { window: 10 }, /^creates\.window: unknown key/],
	])('%s: refused', (_label, creates, issue) => {
		expect(issues(creates)).toEqual([expect.stringMatching(issue)]);
	});
});

describe('data table names: none may contain another', () => {
	it.each<[string, Record<string, unknown> | undefined, Record<string, unknown> | undefined, string[]]>([
		['defaults, no approvals', undefined, undefined, []],
		['defaults, with approvals', undefined, {}, []],
		['other names, none containing another', { table: 'ops_creates', lockTable: 'ops_create_locks' }, { table: 'ops_approvals', lockTable: 'ops_approval_locks' }, []],
		// Without approvals there is no approval table to clash with.
		['no approvals: creates.table may be the approvals\' default name', { table: 'hermes_approvals' }, undefined, []],
		['creates.table containing approvals.table', { table: 'hermes_approvals_created' }, {}, ['creates.table', 'approvals.table']],
		['approvals.table containing creates.table', undefined, { table: 'hermes_creates_approved' }, ['creates.table', 'approvals.table']],
		['creates.table the same as approvals.table', { table: 'shared' }, { table: 'shared' }, ['creates.table', 'approvals.table']],
		['creates.lockTable containing approvals.lockTable', { lockTable: 'hermes_approval_locks_2' }, {}, ['creates.lockTable', 'approvals.lockTable']],
		['approvals.lockTable containing creates.lockTable', undefined, { lockTable: 'x_hermes_create_locks' }, ['creates.lockTable', 'approvals.lockTable']],
		['creates.table containing approvals.lockTable', { table: 'hermes_approval_locks_log' }, {}, ['creates.table', 'approvals.lockTable']],
		['approvals.table containing creates.lockTable', undefined, { table: 'hermes_create_locks_approvals' }, ['creates.lockTable', 'approvals.table']],
		['creates.lockTable containing creates.table', { table: 'creates', lockTable: 'creates_locks' }, undefined, ['creates.table', 'creates.lockTable']],
		['creates.table containing creates.lockTable', { table: 'hermes_create_locks_and_rows' }, undefined, ['creates.table', 'creates.lockTable']],
		['creates.table the same as creates.lockTable', { table: 'creates', lockTable: 'creates' }, undefined, ['creates.table', 'creates.lockTable']],
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

	it('the approvals\' own pair is refused once, by the approvals section', () => {
		expect(issues(undefined, { table: 'approvals', lockTable: 'approvals_locks' })).toEqual([expect.stringMatching(/^approvals\.lockTable: .*must not contain one another/)]);
	});
});

/** The table names a case sets, by key (the defaults where it sets none). */
function parseNames(creates: Record<string, unknown> | undefined, approvals: Record<string, unknown> | undefined): Record<string, string> {
	return {
		'creates.table': String(creates?.table ?? CREATES_DEFAULTS.table),
		'creates.lockTable': String(creates?.lockTable ?? CREATES_DEFAULTS.lockTable),
		'approvals.table': String(approvals?.table ?? APPROVAL_DEFAULTS.table),
		'approvals.lockTable': String(approvals?.lockTable ?? APPROVAL_DEFAULTS.lockTable),
	};
}
