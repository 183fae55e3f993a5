import { createTransport } from 'nodemailer';

import { startSmtpServer, type SmtpHandle } from '../../harness/smtpServer';

/**
 * The harness's SMTP server is real (smtp-server); the client here is nodemailer, the library
 * n8n's Email Send node sends with, configured as an n8n `smtp` credential with `secure: false`
 * and `disableStartTls: true` configures it.
 */
let smtp: SmtpHandle;

beforeAll(async () => {
	smtp = await startSmtpServer({ user: 'approvals', password: 'Right-Passw0rd' });
});

afterAll(() => smtp.close());

function send(auth: { user: string; pass: string } | undefined, subject: string, method?: 'PLAIN' | 'LOGIN') {
	const transport = createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true, auth, authMethod: method });
	return transport.sendMail({
		from: 'Hermes <hermes@approvals.test>',
		to: 'approver@approvals.test, second@approvals.test',
		subject,
		text: 'plain body',
		html: '<p>html body</p>',
	});
}

test.each([
	['the right login with AUTH PLAIN', { user: 'approvals', pass: 'Right-Passw0rd' }, 'PLAIN', true],
	['the right login with AUTH LOGIN', { user: 'approvals', pass: 'Right-Passw0rd' }, 'LOGIN', true],
	['a wrong password', { user: 'approvals', pass: 'wrong' }, 'PLAIN', false],
	['a wrong user', { user: 'someone', pass: 'Right-Passw0rd' }, 'LOGIN', false],
	['no login at all', undefined, undefined, false],
] as const)('%s: accepted %s', async (what, auth, method, accepted) => {
	const subject = `case: ${what}`;
	const sent = send(auth ? { ...auth } : undefined, subject, method);
	if (accepted) {
		await sent;
		const message = await smtp.waitForMessage((m) => m.subject === subject, 5000);
		expect(message).toEqual({
			from: 'hermes@approvals.test',
			to: ['approver@approvals.test', 'second@approvals.test'],
			fromHeader: '"Hermes" <hermes@approvals.test>',
			subject,
			text: 'plain body',
			html: '<p>html body</p>',
			user: 'approvals',
		});
	} else {
		// 535 for a refused login, 530 when the client sends mail without one.
		await expect(sent).rejects.toMatchObject({ responseCode: auth ? 535 : 530 });
	}
	expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(accepted ? 1 : 0);
});

test('STARTTLS is not offered, so a client that requires TLS is refused', async () => {
	const transport = createTransport({ host: smtp.host, port: smtp.port, secure: false, requireTLS: true, auth: { user: 'approvals', pass: 'Right-Passw0rd' } });
	await expect(transport.sendMail({ from: 'a@approvals.test', to: 'b@approvals.test', subject: 'tls', text: 'x' })).rejects.toThrow(/STARTTLS/);
	expect(smtp.messages.some((m) => m.subject === 'tls')).toBe(false);
});

test('waitForMessage gives up after its timeout', async () => {
	await expect(smtp.waitForMessage((m) => m.subject === 'never sent', 200)).rejects.toThrow(/within 200 ms/);
});
