/**
 * Lints a synthetic 2,000-node workflow and reports the time against JSON.parse of the same file
 * in the same run (the floor any linter pays). DESIGN/issue 6 target: the whole lint of 2,000
 * nodes under one second, timed in-process and as the whole `hermes-workflows lint` process (built
 * CLI) against a node process that only parses the file. Figures only: no timed assertion.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { runLint } from '../../generator/cli/commands/lint';
import { lintWorkflow } from '../../generator/lint';

const NODES = 2000;
const RUNS = 15;
const TRIGGER = 'MCP Server Trigger';
const PROCESS_RUNS = 5;
/** The built CLI; LINT_BENCH_CLI points at another build (e.g. an older one) to compare. */
const CLI = process.env.LINT_BENCH_CLI ?? resolve(__dirname, '../../generator/dist/generator/cli/main.js');
const BATCH = 100;
const FIXTURES = resolve(__dirname, '../fixtures/lint');

/** 1 MCP trigger, 1,000 tools (odooTool + toolWorkflow, tool_0500 disabled), 999 chained main nodes. */
function syntheticWorkflow(): unknown {
	const nodes: unknown[] = [
		{
			name: TRIGGER,
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2,
			parameters: { authentication: 'bearerAuth', path: 'bench' },
			webhookId: '0b5e6f3c-2d1a-4c8e-9f7b-3a2d1c0e9f8a',
			position: [0, 0],
		},
	];
	const connections: Record<string, unknown> = {};
	const tools = 1000;
	for (let i = 0; i < tools; i++) {
		const name = `tool_${String(i).padStart(4, '0')}`;
		const fromAi = (key: string, description: string, rest = '') =>
			`={{ $fromAI('${key}', '${description}'${rest}) }}`;
		const parameters =
			i % 2 === 0
				? {
						resource: 'custom',
						customResource: { __rl: true, mode: 'id', value: 'project.task' },
						operation: 'update',
						fieldsToSend: {
							mappingMode: 'defineBelow',
							value: {
								name: fromAi('name', 'New task title; empty keeps it', ", 'string', ''"),
								stage_id: fromAi('stage_id', 'Stage id', ", 'number'"),
								priority: fromAi('priority', 'Priority 0-3', ", 'number', 0"),
							},
						},
						recordId: { __rl: true, mode: 'id', value: fromAi('task_id', 'Task id', ", 'number'") },
					}
				: {
						source: 'database',
						workflowId: { __rl: true, mode: 'id', value: 'abc' },
						workflowInputs: {
							mappingMode: 'defineBelow',
							value: { query: fromAi('query', 'Text to look for'), limit: fromAi('limit', 'Max rows', ", 'number', 20") },
							matchingColumns: [],
							schema: [{ id: 'query' }, { id: 'limit' }],
						},
					};
		nodes.push({
			name,
			type: i % 2 === 0 ? 'n8n-nodes-base.odooTool' : '@n8n/n8n-nodes-langchain.toolWorkflow',
			typeVersion: i % 2 === 0 ? 2 : 2.2,
			parameters,
			position: [i * 10, 300],
			...(i === 500 && { disabled: true }),
		});
		connections[name] = { ai_tool: [[{ node: TRIGGER, type: 'ai_tool', index: 0 }]] };
	}
	for (let i = 0; i < NODES - 1 - tools; i++) {
		const name = `step_${i}`;
		nodes.push({
			name,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				assignments: {
					assignments: [{ name: 'value', value: `={{ $json.value + ${i} }}`, type: 'number' }],
				},
				options: {},
			},
			position: [i * 10, 900],
		});
		if (i > 0) connections[`step_${i - 1}`] = { main: [[{ node: name, type: 'main', index: 0 }]] };
	}
	return { name: 'Lint bench', nodes, connections, settings: {} };
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function time(fn: () => unknown): number {
	const start = process.hrtime.bigint();
	fn();
	return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median wall time of a whole node process, and its exit code. */
function processMedian(args: string[]): { ms: number; status: number | null } {
	const times: number[] = [];
	let status: number | null = null;
	for (let i = 0; i < PROCESS_RUNS; i++) {
		const start = process.hrtime.bigint();
		const run = spawnSync(process.execPath, args, { stdio: 'ignore' });
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
		status = run.status;
	}
	return { ms: median(times), status };
}

test('lint: 2,000-node workflow vs JSON.parse of the same file', () => {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-lint-bench-'));
	const file = join(dir, 'bench-2000.json');
	try {
		benchmark(file);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

function benchmark(file: string): void {
	writeFileSync(file, JSON.stringify(syntheticWorkflow(), null, 2));
	const text = readFileSync(file, 'utf8');
	const workflow = JSON.parse(text) as unknown;

	// the workflow is linted for real: the disabled tool and its misrouted neighbours are found
	const findings = lintWorkflow(workflow);
	expect(findings.filter((f) => f.code === 'HMT001')).toHaveLength(1);
	expect(findings.filter((f) => f.code === 'HMT002')).toHaveLength(500);

	const quiet = { stdout: () => undefined, stderr: () => undefined, env: {} };
	const parse: number[] = [];
	const lint: number[] = [];
	const command: number[] = [];
	for (let i = 0; i < RUNS + 2; i++) {
		// interleaved so machine load hits every series alike; the first two runs warm up
		const p = time(() => JSON.parse(text));
		const l = time(() => lintWorkflow(JSON.parse(text)));
		const c = time(() => runLint([file], { format: 'json' }, quiet));
		if (i >= 2) {
			parse.push(p);
			lint.push(l);
			command.push(c);
		}
	}
	const [p, l, c] = [median(parse), median(lint), median(command)];
	const wholeProcess = existsSync(CLI)
		? (() => {
				const baseline = processMedian(['-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`]);
				const cli = processMedian([CLI, 'lint', '--format', 'json', file]);
				// 1 = findings: the disabled tool and its misrouted neighbours
				expect(cli.status).toBe(1);
				return [
					`  whole process, median of ${PROCESS_RUNS}: node + JSON.parse ${baseline.ms.toFixed(0)} ms, hermes-workflows lint ${cli.ms.toFixed(0)} ms (${(cli.ms / baseline.ms).toFixed(1)}x baseline)`,
					`  target: whole process under 1000 ms: ${cli.ms < 1000 ? 'met' : 'NOT met'}`,
				];
			})()
		: ['  whole process: not measured, run `npm run build` first (needs generator/dist/generator/cli/main.js)'];
	process.stdout.write(
		[
			'',
			`lint: ${NODES} nodes (1,000 tools, 3,000 $fromAI calls), ${(text.length / 1e6).toFixed(1)} MB, median of ${RUNS}`,
			`  JSON.parse (baseline)                    ${p.toFixed(1)} ms`,
			`  JSON.parse + lintWorkflow                ${l.toFixed(1)} ms  (${(l / p).toFixed(1)}x baseline)`,
			`  lint command in-process (read+lint+json) ${c.toFixed(1)} ms  (${(c / p).toFixed(1)}x baseline)`,
			`  target: in-process under 1000 ms: ${c < 1000 ? 'met' : 'NOT met'}`,
			...wholeProcess,
			'',
		].join('\n'),
	);
}

/** 100 ordinary workflows: the everyday-shaped fixtures, copied round-robin into one folder. */
function ordinaryBatch(dir: string): string[] {
	const ordinary = join(FIXTURES, 'ordinary');
	const sources = readdirSync(ordinary)
		.filter((file) => file.endsWith('.json'))
		.map((file) => join(ordinary, file));
	return Array.from({ length: BATCH }, (_, i) => {
		const target = join(dir, `workflow-${String(i).padStart(3, '0')}.json`);
		copyFileSync(sources[i % sources.length], target);
		return target;
	});
}

test('lint: 100 ordinary workflows through the whole CLI vs node reading and parsing them', () => {
	if (!existsSync(CLI)) {
		process.stdout.write('\nlint batch: not measured, run `npm run build` first (needs generator/dist/generator/cli/main.js)\n');
		return;
	}
	const dir = mkdtempSync(join(tmpdir(), 'hermes-lint-batch-'));
	try {
		const files = ordinaryBatch(dir);
		const list = JSON.stringify(files);
		const baseline = processMedian(['-e', `for (const f of ${list}) JSON.parse(require('fs').readFileSync(f, 'utf8'))`]);
		const cli = processMedian([CLI, 'lint', '--format', 'json', ...files]);
		expect(cli.status).toBe(1); // an open MCP trigger among them is an error
		const perSecond = (BATCH / cli.ms) * 1000;
		process.stdout.write(
			[
				'',
				`lint batch: ${BATCH} ordinary workflows as FILE arguments, whole process, median of ${PROCESS_RUNS}`,
				`  node + read + JSON.parse (baseline)      ${baseline.ms.toFixed(0)} ms`,
				`  hermes-workflows lint                    ${cli.ms.toFixed(0)} ms  (${(cli.ms / baseline.ms).toFixed(1)}x baseline, ${perSecond.toFixed(0)} files/s)`,
				`  target: over 400 files/s: ${perSecond > 400 ? 'met' : 'NOT met'}`,
				'',
			].join('\n'),
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
