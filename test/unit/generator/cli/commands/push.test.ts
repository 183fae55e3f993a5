/**
 * push against a --url that is not n8n says only that: the note about a key that may not list
 * credentials (n8n's 403, or 404 where it lacks the route) is for an n8n, and another server's 404
 * on the credential list used to print it before the error about the URL.
 *
 * Stand-ins on 127.0.0.1, each said so: a server that answers every path with an HTML 404 (a
 * proxy, another service), and an n8n API that lists workflows but refuses the credential list
 * (403, a member's key) and fails after (500). The config pins the pipeline workflow by id, so no
 * workflow lookup comes before the credential list.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { runPush } from '../../../../../generator/cli/commands/push';
import { scratchSpace } from '../../../../harness/scratch';

const scratch = scratchSpace('hermes-push-url-');
const NOTE = /may not list credentials/;

async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; paths: string[]; close: () => Promise<void> }> {
	const paths: string[] = [];
	const server = createServer((request, response) => {
		paths.push(request.url ?? '');
		answer(request, response);
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, close: () => new Promise((done) => server.close(() => done())) };
}

async function push(url: string) {
	const config = join(scratch(), 'hermes.config.json');
	writeFileSync(config, JSON.stringify({ pipelineWorkflow: { name: 'Telegram Content Pipeline', id: 'p1' } }));
	const out = { stdout: '', stderr: '' };
	const io = { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), env: {} };
	const code = await runPush({ url, apiKey: 'k', config }, io);
	return { code, ...out };
}

it('a server that is not n8n: the error names the URL, and no note about credentials comes first', async () => {
	const other = await serve((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Error response</title></head></html>'));
	try {
		const result = await push(other.url);
		expect(result.code).toBe(2);
		expect(result.stdout + result.stderr).not.toMatch(NOTE);
		expect(result.stderr).toMatch(/^error: not found \(GET .*\/api\/v1\/workflows\?limit=1 answered 404: an HTML page titled "Error response", not the n8n API\)/);
		expect(other.paths).toEqual(['/api/v1/workflows?limit=1']);
	} finally {
		await other.close();
	}
});

it('a server answering JSON that is no workflow list: the error says to check --url', async () => {
	const other = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
	try {
		const result = await push(other.url);
		expect(result.code).toBe(2);
		expect(result.stdout + result.stderr).not.toMatch(NOTE);
		expect(result.stderr).toMatch(/answered without a list of workflows[\s\S]*hint: check --url points at n8n itself/);
	} finally {
		await other.close();
	}
});

it('an n8n whose key may not list credentials: the note is still said', async () => {
	const n8n = await serve((request, response) => {
		const path = request.url ?? '';
		if (path.startsWith('/api/v1/workflows')) response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"nextCursor":null}');
		else if (path.startsWith('/api/v1/credentials')) response.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Forbidden"}');
		else response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"stand-in: not served"}');
	});
	try {
		const result = await push(n8n.url);
		expect(result.stdout).toMatch(NOTE);
		expect(n8n.paths.slice(0, 2)).toEqual(['/api/v1/workflows?limit=1', expect.stringMatching(/^\/api\/v1\/credentials/)]);
	} finally {
		await n8n.close();
	}
});
