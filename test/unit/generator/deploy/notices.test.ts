/** What push tells the operator before it deploys: a plain http approval link to another host. */
import { isLoopbackHost, plainHttpHost } from '../../../../generator/approvals/publicUrl';
import { defaultConfig, parseConfig } from '../../../../generator/config';
import { deploymentNotices } from '../../../../generator/deploy/desired';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const notices = (publicUrl: string) => deploymentNotices(parseConfig({ ...defaultConfig(), approvals: { channel: EMAIL, publicUrl } }));

describe('push notice for approvals.publicUrl', () => {
	it.each([
		['http to a named host', 'http://n8n.example.com', 'n8n.example.com'],
		['http to a LAN address', 'http://10.0.0.5:5678/', '10.0.0.5'],
		['http to a host named like loopback', 'http://localhost.example.com', 'localhost.example.com'],
		['https', 'https://n8n.example.com', undefined],
		['http on 127.0.0.1', 'http://127.0.0.1:5678', undefined],
		['http on localhost', 'http://localhost:5678', undefined],
		['http on ::1', 'http://[::1]:5678', undefined],
	])('%s (%s) -> %s', (_case, publicUrl, host) => {
		expect(plainHttpHost(publicUrl)).toBe(host);
		const said = notices(publicUrl);
		if (host === undefined) expect(said).toEqual([]);
		else {
			expect(said).toHaveLength(1);
			expect(said[0]).toMatch(new RegExp(`^note: approvals\\.publicUrl \\S+ is plain http to ${host.replace(/\./g, '\\.')}: .*\\(lint HMT018\\); serve n8n over https`));
		}
	});

	it('says nothing without approvals', () => {
		expect(deploymentNotices(parseConfig(defaultConfig()))).toEqual([]);
	});

	it.each([
		['localhost', true],
		['LOCALHOST', true],
		['a.localhost', true],
		['127.255.0.1', true],
		['[::1]', true],
		['::1', true],
		['128.0.0.1', false],
		['127.0.0.1.nip.io', false],
		['localhost.example.com', false],
		['[::2]', false],
	])('%s is loopback: %s', (host, loopback) => {
		expect(isLoopbackHost(host)).toBe(loopback);
	});
});
