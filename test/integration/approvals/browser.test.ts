import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { launchBrowser, type BrowserHandle } from '../../harness/browser';

/**
 * The browser harness against a page served on 127.0.0.1: a real Chromium loads it, a click on a
 * form button sends a real POST, and a request to anywhere else is refused by the harness.
 */
let browser: BrowserHandle;
let server: Server;
let base: string;
const posts: string[] = [];

const page = `<!doctype html><html><body><h1>Decide</h1>
<img src="http://192.0.2.1/tracker.png" alt="">
<form method="post" action="/decide"><input type="hidden" name="id" value="R1">
<button name="decision" value="approve">Approve</button><button name="decision" value="deny">Deny</button></form></body></html>`;

beforeAll(async () => {
	server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			if (request.method === 'POST') {
				const body = Buffer.concat(chunks).toString('utf8');
				posts.push(body);
				response.writeHead(200, { 'content-type': 'text/html' }).end(`<p>recorded ${body}</p>`);
				return;
			}
			// /framed-denied refuses to be framed, as the approval page does
			const framing = request.url === '/framed-denied' ? { 'x-frame-options': 'DENY' } : {};
			response.writeHead(200, { 'content-type': 'text/html', ...framing }).end(page);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	browser = await launchBrowser({ timeoutMs: 5_000 });
});

afterAll(async () => {
	await browser?.close();
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('openOnly answers the page text and blocks what is not on 127.0.0.1', async () => {
	const result = await browser.openOnly(`${base}/page`);
	expect(result).toMatchObject({ status: 200, url: `${base}/page` });
	expect(result.text).toContain('Decide');
	expect(posts).toEqual([]);
	expect(browser.blocked).toContain('http://192.0.2.1/tracker.png');
});

test.each([
	['Approve', 'id=R1&decision=approve'],
	['button[value=deny]', 'id=R1&decision=deny'],
])('openAndClick(%s) sends one real form POST: %s', async (button, body) => {
	const before = posts.length;
	const result = await browser.openAndClick(`${base}/page`, button);
	expect(posts.slice(before)).toEqual([body]);
	expect(result).toMatchObject({ status: 200, text: `recorded ${body}`, url: `${base}/decide` });
	expect(result.headers['content-type']).toBe('text/html');
});

test('a missing button fails within the timeout instead of hanging', async () => {
	await expect(browser.openAndClick(`${base}/page`, 'Maybe')).rejects.toThrow(/Timeout/);
}, 30_000);

test('openFramed reads a page another origin frames, unless the page sends X-Frame-Options: DENY', async () => {
	const framed = await browser.openFramed(`${base}/page`);
	expect(framed).toEqual({ url: `${base}/page`, text: expect.stringContaining('Decide') });
	const refused = await browser.openFramed(`${base}/framed-denied`);
	expect(refused.text).not.toContain('Decide');
	expect(refused.url).not.toBe(`${base}/framed-denied`);
});
