/** hermesSshApi credential data -> SshConnectionOptions, refusing unusable data with a clear message. */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { parseFingerprints } from './hostKey';
import { TransportError, type SshConnectionOptions } from './types';

function configError(message: string): TransportError {
	return new TransportError('config', `The SSH credential is not usable: ${message}`, false);
}

function text(data: ICredentialDataDecryptedObject, name: string): string {
	const value = data[name];
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string') throw configError(`"${name}" must be text`);
	return value;
}

function port(value: unknown): number {
	if (value === undefined || value === null || value === '') return 22;
	const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 65535) {
		throw configError(`port must be a whole number from 1 to 65535, got ${JSON.stringify(value)}`);
	}
	return n;
}

/**
 * Keys pasted into a one-line field arrive with literal `\n` or with spaces where the line
 * breaks were; OpenSSH/PEM parsers need the real line structure.
 */
export function normalisePrivateKey(key: string): string {
	let out = key.replace(/\\n/g, '\n').replace(/\r\n?/g, '\n').trim();
	const oneLine = /^(-----BEGIN [A-Z0-9 ]+-----)\s+([\s\S]+?)\s+(-----END [A-Z0-9 ]+-----)$/.exec(out);
	if (oneLine && !oneLine[2].includes('\n')) out = `${oneLine[1]}\n${oneLine[2].split(/\s+/).join('\n')}\n${oneLine[3]}`;
	return `${out}\n`;
}

export function connectionOptionsFromCredentials(data: ICredentialDataDecryptedObject): SshConnectionOptions {
	if (!data || typeof data !== 'object') throw configError('no credential data');
	const host = text(data, 'host').trim();
	if (!host || /\s/.test(host)) throw configError('"Host" must be a host name or IP address without spaces');
	const username = text(data, 'username').trim();
	if (!username || /\s/.test(username)) throw configError('"Username" must be set and contain no spaces');
	const authMethod = data.authMethod === undefined || data.authMethod === '' ? 'privateKey' : data.authMethod;
	if (authMethod !== 'privateKey' && authMethod !== 'password') {
		throw configError(`"Authentication" must be privateKey or password, got ${JSON.stringify(authMethod)}`);
	}
	const acceptAnyHostKey = data.acceptAnyHostKey === true;
	const fingerprints = parseFingerprints(data.hostKeyFingerprint);
	const options: SshConnectionOptions = {
		host,
		port: port(data.port),
		username,
		authMethod,
		hostKeyFingerprint: fingerprints.length ? fingerprints.join(',') : undefined,
		acceptAnyHostKey,
	};
	if (authMethod === 'privateKey') {
		const privateKey = text(data, 'privateKey');
		if (!privateKey.includes('-----BEGIN ')) throw configError('"Private Key" must hold the whole key, starting with a -----BEGIN ... line');
		options.privateKey = normalisePrivateKey(privateKey);
		const passphrase = text(data, 'passphrase');
		if (passphrase) options.passphrase = passphrase;
	} else {
		const password = text(data, 'password');
		if (!password) throw configError('"Password" is empty');
		options.password = password;
	}
	return options;
}
