import { apiRoot, N8nApiClient } from '../../../../generator/n8nClient/client';
import { httpError, N8nApiError, networkError } from '../../../../generator/n8nClient/errors';
import { runDiff } from '../../../../generator/cli/commands/diff';
import { runPull } from '../../../../generator/cli/commands/pull';
import { runPush } from '../../../../generator/cli/commands/push';

describe('apiRoot', () => {
	it.each([
		['http://127.0.0.1:5678', 'http://127.0.0.1:5678/api/v1'],
		['http://127.0.0.1:5678/', 'http://127.0.0.1:5678/api/v1'],
		['http://127.0.0.1:5678/api/v1', 'http://127.0.0.1:5678/api/v1'],
		['http://127.0.0.1:5678/api/v1/', 'http://127.0.0.1:5678/api/v1'],
		['https://n8n.example.com/n8n/', 'https://n8n.example.com/n8n/api/v1'],
		['https://n8n.example.com/n8n/api/v1', 'https://n8n.example.com/n8n/api/v1'],
	])('%s -> %s', (url, root) => {
		expect(apiRoot(url)).toBe(root);
	});

	it.each(['', 'localhost:5678', 'ftp://h/', 'not a url'])('refuses %j with the expected form', (url) => {
		expect(() => apiRoot(url)).toThrow(expect.objectContaining({ hint: expect.stringMatching(/e\.g\. http:\/\/127\.0\.0\.1:5678/) }));
	});

	it('refuses an empty API key before any request', () => {
		expect(() => new N8nApiClient({ url: 'http://127.0.0.1:1', apiKey: '' })).toThrow(expect.objectContaining({ message: 'no API key', hint: expect.stringMatching(/--api-key or set N8N_API_KEY/) }));
	});
});

describe('error messages say what failed and what to do', () => {
	const url = 'http://127.0.0.1:5678/api/v1/workflows';
	it.each<[number, string, RegExp, RegExp]>([
		[401, '{"message":"unauthorized"}', /refused the API key.*GET .*workflows answered 401: unauthorized/, /N8N_API_KEY/],
		[403, '{"message":"Forbidden"}', /not allowed.*403/, /scope workflow:list/],
		[404, '{"message":"Not Found"}', /not found.*404/, /N8N_PUBLIC_API_DISABLED/],
		[400, '{"message":"request/body must NOT have additional properties"}', /400: request\/body must NOT/, /rejected/],
		[500, 'boom', /500: boom/, /n8n log/],
	])('%i', (status, body, message, hint) => {
		const error = httpError('GET', url, status, body, 'workflow:list');
		expect(error).toBeInstanceOf(N8nApiError);
		expect(error.status).toBe(status);
		expect(error.message).toMatch(message);
		expect(error.hint).toMatch(hint);
	});

	it.each<[unknown, RegExp]>([
		[Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), /connection refused/],
		[Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }), /host not found/],
		[Object.assign(new Error('t'), { name: 'TimeoutError' }), /no answer within 30 s/],
		[Object.assign(new TypeError('fetch failed'), { cause: { message: 'other socket trouble' } }), /other socket trouble/],
	])('network failure %#', (cause, reason) => {
		const error = networkError('GET', url, cause, 30_000);
		expect(error.message).toMatch(new RegExp(`cannot reach n8n at ${url.replace(/\./g, '\\.')}`));
		expect(error.message).toMatch(reason);
		expect(error.hint).toMatch(/is n8n running/);
	});
});

describe('commands without connection settings', () => {
	const io = (env: NodeJS.ProcessEnv = {}) => {
		const out: string[] = [];
		const err: string[] = [];
		const requests: string[] = [];
		return {
			io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env, onRequest: (e: { method: string }) => requests.push(e.method) },
			out,
			err,
			requests,
		};
	};

	it.each<[string, (i: ReturnType<typeof io>['io']) => Promise<number>]>([
		['push', (i) => runPush({}, i)],
		['diff', (i) => runDiff({}, i)],
		['pull', (i) => runPull({ out: 'unused' }, i)],
	])('%s without a URL exits 2 naming --url and N8N_API_URL, sending nothing', async (_name, run) => {
		const t = io();
		expect(await run(t.io)).toBe(2);
		expect(t.err.join('')).toMatch(/--url .*N8N_API_URL/);
		expect(t.requests).toEqual([]);
	});

	it('push without a key exits 2 naming --api-key and N8N_API_KEY', async () => {
		const t = io({ N8N_API_URL: 'http://127.0.0.1:1' });
		expect(await runPush({}, t.io)).toBe(2);
		expect(t.err.join('')).toMatch(/--api-key or set N8N_API_KEY/);
	});

	it('push with a bad config exits 2 with the config problem, sending nothing', async () => {
		const t = io({ N8N_API_URL: 'http://127.0.0.1:1', N8N_API_KEY: 'k' });
		expect(await runPush({ config: '/nonexistent/deploy.json' }, t.io)).toBe(2);
		expect(t.err.join('')).toMatch(/Cannot read config file \/nonexistent\/deploy\.json/);
		expect(t.requests).toEqual([]);
	});
});
