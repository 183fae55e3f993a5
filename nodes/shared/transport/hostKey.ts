/** Host key pinning: `SHA256:...` fingerprints as `ssh-keygen -lf` prints them. */
import { createHash } from 'node:crypto';

import { TransportError, type SshConnectionOptions } from './types';

const SHA256_TOKEN = /SHA256:([A-Za-z0-9+/]*)(=*)/g;
const MD5_LIKE = /^(MD5:)?([0-9a-f]{2}:){15}[0-9a-f]{2}$/i;

function configError(message: string): TransportError {
	return new TransportError('config', message, false);
}

/**
 * Normalises the credential's fingerprint field to a list of `SHA256:<43 base64 chars>`.
 * Accepts one or more fingerprints separated by commas or spaces, with or without base64
 * padding, or a whole `ssh-keygen -lf` line. Empty input gives an empty list.
 */
export function parseFingerprints(input: unknown): string[] {
	if (input === undefined || input === null) return [];
	if (typeof input !== 'string') throw configError('The host key fingerprint must be text such as "SHA256:abc...".');
	const text = input.trim();
	if (!text) return [];
	if (MD5_LIKE.test(text)) {
		throw configError(
			'The host key fingerprint is in the old MD5 form. Use the SHA256 form that `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` prints (SHA256:...).',
		);
	}
	const found: string[] = [];
	for (const match of text.matchAll(SHA256_TOKEN)) {
		const body = match[1];
		// 32 bytes of SHA-256 are 43 base64 characters without padding (one '=' with it).
		if (body.length !== 43 || match[2].length > 1 || Buffer.from(body, 'base64').length !== 32) {
			throw configError(
				`"${match[0]}" is not a complete SHA256 host key fingerprint (expected "SHA256:" followed by 43 base64 characters).`,
			);
		}
		found.push(`SHA256:${body}`);
	}
	if (!found.length) {
		throw configError(
			'The host key fingerprint must look like "SHA256:..." as printed by `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub`.',
		);
	}
	return [...new Set(found)];
}

/** Fingerprint of a raw host key blob, the way OpenSSH prints it. */
export function fingerprintOfKey(key: Buffer): string {
	return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** The algorithm name at the start of an SSH public key blob (e.g. `ssh-ed25519`). */
export function keyTypeOf(key: Buffer): string {
	if (key.length < 4) return 'unknown';
	const length = key.readUInt32BE(0);
	return length > 0 && length < 64 && key.length >= 4 + length ? key.toString('latin1', 4, 4 + length) : 'unknown';
}

/** Refuses (before any network traffic) a credential that pins nothing and does not opt out. */
export function assertHostKeyPolicy(conn: SshConnectionOptions): string[] {
	const pinned = parseFingerprints(conn.hostKeyFingerprint);
	if (!pinned.length && !conn.acceptAnyHostKey) {
		throw new TransportError(
			'host-key',
			`No host key fingerprint is set for ${conn.host}:${conn.port}, so the server cannot be verified. ` +
				'Set "Host Key Fingerprint" to the output of `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` on the host ' +
				'(or turn on "Accept Any Host Key", which is unsafe)',
			false,
		);
	}
	return pinned;
}

/**
 * A synchronous ssh2 hostVerifier. On mismatch it records a clear TransportError (which the
 * connect step reports) and returns false, so ssh2 aborts before authentication: no command runs.
 */
export function createHostVerifier(
	conn: SshConnectionOptions,
	pinned: string[],
	onReject: (error: TransportError) => void,
): (key: Buffer) => boolean {
	return (key: Buffer) => {
		if (!pinned.length) return conn.acceptAnyHostKey === true;
		const presented = fingerprintOfKey(key);
		if (pinned.includes(presented)) return true;
		onReject(
			new TransportError(
				'host-key',
				`Host key mismatch for ${conn.host}:${conn.port}: the server presented a ${keyTypeOf(key)} key ${presented}, ` +
					`but the credential pins ${pinned.join(', ')}. No command was run. If the host key was changed on purpose, ` +
					'update "Host Key Fingerprint" (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub); otherwise treat this as a possible attack',
				false,
			),
		);
		return false;
	};
}
