import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { connectionOptionsFromCredentials, normalisePrivateKey } from '../../../../../nodes/shared/transport/credentials';
import { TransportError } from '../../../../../nodes/shared/transport/types';

const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\nBBBB\n-----END OPENSSH PRIVATE KEY-----\n';
const FP = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';
const good: ICredentialDataDecryptedObject = {
	host: 'vps.example.com',
	port: 2222,
	username: 'hermes',
	authMethod: 'privateKey',
	privateKey: KEY,
	passphrase: '',
	password: '',
	hostKeyFingerprint: FP,
	acceptAnyHostKey: false,
};

describe('connectionOptionsFromCredentials', () => {
	test('maps a private key credential', () => {
		expect(connectionOptionsFromCredentials(good)).toEqual({
			host: 'vps.example.com',
			port: 2222,
			username: 'hermes',
			authMethod: 'privateKey',
			privateKey: KEY,
			hostKeyFingerprint: FP,
			acceptAnyHostKey: false,
		});
	});

	test('maps a password credential, keeps a passphrase, defaults port and method', () => {
		expect(connectionOptionsFromCredentials({ ...good, authMethod: 'password', password: 'pw', port: '' })).toMatchObject({
			authMethod: 'password',
			password: 'pw',
			port: 22,
		});
		expect(connectionOptionsFromCredentials({ ...good, authMethod: '', passphrase: 'pp' })).toMatchObject({
			authMethod: 'privateKey',
			passphrase: 'pp',
		});
		expect(connectionOptionsFromCredentials({ ...good, port: '22' }).port).toBe(22);
	});

	test('empty fingerprint with the opt-out, several fingerprints normalised', () => {
		expect(connectionOptionsFromCredentials({ ...good, hostKeyFingerprint: '', acceptAnyHostKey: true })).toMatchObject({
			hostKeyFingerprint: undefined,
			acceptAnyHostKey: true,
		});
		const two = `${FP}=, 256 SHA256:VUtew07rkDIinewq+CsLxt47eooOfsvMa1Togfa87SA x (ED25519)`;
		expect(connectionOptionsFromCredentials({ ...good, hostKeyFingerprint: two }).hostKeyFingerprint).toBe(
			`${FP},SHA256:VUtew07rkDIinewq+CsLxt47eooOfsvMa1Togfa87SA`,
		);
	});

	test.each<[string, ICredentialDataDecryptedObject, RegExp]>([
		['no host', { ...good, host: '' }, /"Host"/],
		['host with spaces', { ...good, host: 'a b' }, /"Host"/],
		['host not text', { ...good, host: 5 as unknown as string }, /"host" must be text/],
		['no username', { ...good, username: '  ' }, /"Username"/],
		['port 0', { ...good, port: 0 }, /port must be/],
		['port 70000', { ...good, port: 70000 }, /port must be/],
		['port 22.5', { ...good, port: 22.5 }, /port must be/],
		['port text', { ...good, port: 'ssh' }, /port must be/],
		['unknown method', { ...good, authMethod: 'agent' }, /"Authentication"/],
		['empty key', { ...good, privateKey: '' }, /"Private Key"/],
		['public key instead of private', { ...good, privateKey: 'ssh-ed25519 AAAA x' }, /"Private Key"/],
		['empty password', { ...good, authMethod: 'password', password: '' }, /"Password" is empty/],
		['malformed fingerprint', { ...good, hostKeyFingerprint: 'SHA256:abc' }, /not a complete SHA256/],
		['MD5 fingerprint', { ...good, hostKeyFingerprint: '16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48' }, /MD5/],
	])('refuses %s with a config fault', (_label, data, message) => {
		let error: unknown;
		try {
			connectionOptionsFromCredentials(data);
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(TransportError);
		expect((error as TransportError).kind).toBe('config');
		expect((error as TransportError).transient).toBe(false);
		expect((error as TransportError).message).toMatch(message);
	});
});

describe('normalisePrivateKey', () => {
	test.each([
		['as is', KEY, KEY],
		['literal \\n', KEY.replace(/\n/g, '\\n'), KEY],
		['CRLF', KEY.replace(/\n/g, '\r\n'), KEY],
		['pasted on one line', '-----BEGIN OPENSSH PRIVATE KEY----- AAAA BBBB -----END OPENSSH PRIVATE KEY-----', KEY],
		['surrounding blanks', `\n\n  ${KEY}  \n`, KEY],
	])('%s', (_label, input, expected) => {
		expect(normalisePrivateKey(input)).toBe(expected);
	});
});
