import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lintWorkflow } from '../../../../generator/lint';

/** Template-shaped workflows, one per real-world pattern (see the folder's README.md). */
const PATTERNS = join(__dirname, '../../../fixtures/lint/patterns');

/** Every finding expected per file, as `CODE severity@node`; anything else is wrong. */
const EXPECTED: Record<string, string[]> = {
	// a nameless sticky note, typeVersion "1.2"/"4.2" and a community node at 0 are imported by
	// n8n: the file is linted and its real secret found
	'hmt000-lenient-import.json': ['HMT014 error@Fetch report'],
	// listed last (wired first): no tool takes its place, so a warning
	'hmt001-disabled-tool-listed-last.json': ['HMT001 warning@Wikipedia (old)'],
	// in the middle: Calculator is given its index, so an error, with the misroute itself
	'hmt001-disabled-tool-in-the-middle.json': ['HMT001 error@Wikipedia (old)', 'HMT002 error@Calculator'],
	// a tool wired from a node that is not there: n8n fails listing the tools, no "would run X"
	'hmt002-tool-from-missing-node.json': ['HMT015 error@AI Agent'],
	// $fromAI as prose in the agent's prompt: nothing; JSON defaults with commas: warnings (n8n
	// cuts them); an unescaped quote and a number in 2nd place: errors; a good call: nothing
	'hmt006-fromai-patterns.json': [
		'HMT004 warning@Tag orders',
		'HMT004 warning@Filter orders',
		'HMT004 warning@Search orders',
		'HMT004 warning@Latest orders',
		'HMT004 warning@Get order',
		'HMT006 warning@Tag orders',
		'HMT006 warning@Filter orders',
		'HMT006 error@Search orders',
		'HMT006 error@Latest orders',
	],
	// a sub-agent with no inputs (one query string on purpose): nothing; fixed inputs and no
	// $fromAI: HMT010 warning only; $fromAI without schema: HMT009 only; schema and $fromAI: nothing
	'hmt009-hmt010-sub-workflow-tools.json': [
		'HMT004 warning@Research agent',
		'HMT004 warning@Send report',
		'HMT004 warning@Find customer',
		'HMT004 warning@Create ticket',
		'HMT009 error@Find customer',
		'HMT010 warning@Send report',
	],
	// Bearer {{ $json.token }} and {{$credentials...}} without "=": broken expressions, not secrets
	'hmt014-expression-without-equals.json': [],
	// six placeholders, none reported; a 32-hex key, a pcsk_ key, a Basic user:password pair, a
	// Bearer JWT and a key in a URL query string, all reported
	'hmt014-placeholders-and-secrets.json': [
		'HMT014 error@Weather by key',
		'HMT014 error@Pinecone upsert',
		'HMT014 error@Reports with basic auth',
		'HMT014 error@Service call with JWT',
		'HMT014 error@Key in query string',
	],
	// {{ $fromAI }} without "=" in a URL: sent literally; in a Postgres tool's query: resolved by the
	// node; in the agent's prompt: not a tool; with "=": fine
	'hmt016-fromai-without-equals.json': ['HMT004 warning@Orders database', 'HMT016 error@Weather'],
};

const files = readdirSync(PATTERNS).filter((file) => file.endsWith('.json'));

describe('real-world patterns: true and false cases side by side', () => {
	it('has an expectation for every fixture in the folder, and a fixture for every expectation', () => {
		expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
	});

	it.each(files)('%s gives exactly the expected findings', (file) => {
		const workflow = JSON.parse(readFileSync(join(PATTERNS, file), 'utf8')) as unknown;
		const found = lintWorkflow(workflow).map((finding) => `${finding.code} ${finding.severity}@${finding.node ?? ''}`);
		expect(found).toEqual(EXPECTED[file]);
	});
});
