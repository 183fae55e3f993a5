/**
 * A REAL SMTP server (the `smtp-server` library speaks the protocol; `mailparser` decodes what
 * arrives) on 127.0.0.1 with a free port. Not a stand-in: n8n's Email Send node talks to it
 * through nodemailer exactly as it would to a mail relay.
 * - No TLS: `secure: false` and STARTTLS not offered, matching an n8n `smtp` credential with
 *   `secure: false, disableStartTls: true` (a test machine has no certificate to present).
 * - AUTH PLAIN/LOGIN with one user and password; any other login is refused (535), and a
 *   message without a login is refused (530), so a test sees a wrong credential fail.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { freePorts } from './n8n/freePort';
import { Recorder } from './recorder';

export interface SmtpMessage {
	/** Envelope sender (MAIL FROM). */
	from: string;
	/** Envelope recipients (RCPT TO). */
	to: string[];
	/** The `From:` header as written by the client. */
	fromHeader: string;
	subject: string;
	text: string;
	/** `''` when the mail has no HTML part. */
	html: string;
	/** The login that sent it. */
	user: string;
}

export interface SmtpHandle {
	host: '127.0.0.1';
	port: number;
	user: string;
	password: string;
	/** Every accepted message, in arrival order. */
	readonly messages: readonly SmtpMessage[];
	/** Resolves with the first message (already arrived or arriving) that matches; rejects after `timeoutMs`. */
	waitForMessage(predicate?: (message: SmtpMessage) => boolean, timeoutMs?: number): Promise<SmtpMessage>;
	close(): Promise<void>;
}

export interface SmtpOptions {
	user?: string;
	password?: string;
}

/** Largest mail accepted: an approval mail is a few kilobytes. */
const MAX_SIZE = 1024 * 1024;

function addressText(address: AddressObject | AddressObject[] | undefined): string {
	if (address === undefined) return '';
	return (Array.isArray(address) ? address : [address]).map((a) => a.text).join(', ');
}

export async function startSmtpServer(options: SmtpOptions = {}): Promise<SmtpHandle> {
	const user = options.user ?? 'hermes-smtp';
	const password = options.password ?? 'smtp-Passw0rd';
	const recorder = new Recorder<SmtpMessage>('SMTP');

	const server = new SMTPServer({
		secure: false,
		disabledCommands: ['STARTTLS'],
		// smtp-server refuses AUTH on a plain connection unless told otherwise.
		allowInsecureAuth: true,
		authMethods: ['PLAIN', 'LOGIN'],
		authOptional: false,
		size: MAX_SIZE,
		logger: false,
		banner: 'hermes test SMTP',
		// close() should not wait 30 s for a client that keeps its connection open.
		closeTimeout: 1000,
		onAuth(auth, _session, callback) {
			if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
			const refused = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
			return callback(refused);
		},
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((parsed) => {
					const message: SmtpMessage = {
						from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
						to: session.envelope.rcptTo.map((r) => r.address),
						fromHeader: addressText(parsed.from),
						subject: parsed.subject ?? '',
						text: parsed.text ?? '',
						html: typeof parsed.html === 'string' ? parsed.html : '',
						user: String(session.user ?? ''),
					};
					recorder.add(message);
					callback();
				})
				.catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
		},
	});

	const [port] = await freePorts(1);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	// A client dropping its connection must not crash the test process.
	server.on('error', () => undefined);

	let closed: Promise<void> | undefined;
	return {
		host: '127.0.0.1',
		port,
		user,
		password,
		messages: recorder.items,
		waitForMessage: (predicate, timeoutMs) => recorder.waitFor(predicate, timeoutMs),
		close() {
			closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
			return closed;
		},
	};
}
