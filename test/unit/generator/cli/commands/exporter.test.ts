/**
 * How the exporter is run and stopped, as its help and docs/operating.md say: it names its own
 * pid (npx's pid is npm's, whose SIGTERM leaves the exporter listening), the docs run the binary
 * itself, and the hint for a missing prom-client, the help and the docs give one install command.
 *
 * Real: the exporter's HTTP server and prom-client; n8n is a closed port (the exporter starts and
 * serves while n8n is away). The CLI runs from its sources (runCli).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

import { startExporter } from '../../../../../generator/cli/commands/exporter';
import { runCli } from '../../../../../generator/cli/main';
import { HermesError } from '../../../../../generator/errors';
import { loadOptionalPeer } from '../../../../../generator/runtime/optionalPeer';
import { closedPort } from '../../../../helpers/closedPort';

const OPERATING = readFileSync(join(__dirname, '../../../../../docs/operating.md'), 'utf8');


const answers = (url: string) =>
	new Promise<boolean>((resolve) => {
		const req = request(url, { agent: false }, (response) => {
			response.resume();
			resolve(true);
		});
		req.once('error', () => resolve(false));
		req.end();
	});

it('names its own pid, the one to signal, and closes its port when stopped', async () => {
	let err = '';
	const io = { stdout: () => undefined, stderr: (t: string) => (err += t), env: {} };
	const running = await startExporter({ url: `http://127.0.0.1:${await closedPort()}`, apiKey: 'k', listen: '127.0.0.1:0', interval: '1m' }, io);
	try {
		expect(err).toMatch(new RegExp(`^exporter: serving http://127\\.0\\.0\\.1:\\d+/metrics, .* \\(pid ${process.pid}: SIGTERM or SIGINT stops it\\)$`, 'm'));
		expect(await answers(running.url)).toBe(true);
	} finally {
		await running.stop();
	}
	expect(await answers(running.url)).toBe(false);
});

it('docs/operating.md runs the exporter binary itself, never through npx', () => {
	expect(OPERATING).toContain('./node_modules/.bin/hermes-workflows exporter --url');
	expect(OPERATING).not.toMatch(/npx hermes-workflows exporter/);
});

it('a missing prom-client, the help and docs/operating.md name one install command', async () => {
	const missing = () => {
		throw Object.assign(new Error("Cannot find module 'prom-client'"), { code: 'MODULE_NOT_FOUND' });
	};
	let hint = '';
	try {
		loadOptionalPeer('prom-client', 'hermes-workflows exporter', missing);
	} catch (error) {
		hint = (error as HermesError).hint;
	}
	const install = /`(npm install [^`]+)`/.exec(hint)?.[1];
	expect(install).toMatch(/^npm install --save-dev prom-client@\S+$/);

	let help = '';
	await runCli(['node', 'hermes-workflows', 'exporter', '--help'], { stdout: (t) => (help += t), stderr: () => undefined, env: {} });
	expect(help).toContain(`\`${install}\``);
	expect(help).not.toMatch(/npm install prom-client\b/);

	const docs = OPERATING.split('\n').filter((line) => line.includes('install') && line.includes('prom-client'));
	expect(docs).toEqual([expect.stringMatching(new RegExp(`^${install!.replace(/[.^$*+?()[\]{}|\\]/g, '\\$&')}\\s+#`))]);
});
