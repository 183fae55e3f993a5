import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	assertHostKeyPolicy,
	createHostVerifier,
	fingerprintOfKey,
	keyTypeOf,
	parseFingerprints,
} from '../../../../../nodes/shared/transport/hostKey';
import { TransportError, type SshConnectionOptions } from '../../../../../nodes/shared/transport/types';

const A = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';
const B = 'SHA256:VUtew07rkDIinewq+CsLxt47eooOfsvMa1Togfa87SA';

describe('parseFingerprints', () => {
	test.each([
		[undefined, []],
		[null, []],
		['', []],
		['   ', []],
		[A, [A]],
		[`  ${A}  `, [A]],
		[`${A}=`, [A]],
		[`256 ${A} root@vps (ED25519)`, [A]],
		[`${A},${B}`, [A, B]],
		[`${A}, ${B}`, [A, B]],
		[`${A}\n${B}`, [A, B]],
		[`${A}, ${A}`, [A]],
	])('%j -> %j', (input, expected) => {
		expect(parseFingerprints(input)).toEqual(expected);
	});

	test.each([
		['uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s', /must look like "SHA256:/],
		['SHA256:', /not a complete SHA256/],
		['SHA256:short', /not a complete SHA256/],
		[`${A}AA`, /not a complete SHA256/],
		[`${A}==`, /not a complete SHA256/],
		['SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2', /not a complete SHA256/],
		['MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48', /old MD5 form/],
		['16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48', /old MD5 form/],
		['sha256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s', /must look like "SHA256:/],
		['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK', /must look like "SHA256:/],
		[42, /must be text/],
		[{}, /must be text/],
	])('refuses %j', (input, message) => {
		let error: unknown;
		try {
			parseFingerprints(input);
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(TransportError);
		expect((error as TransportError).kind).toBe('config');
		expect((error as TransportError).message).toMatch(message);
	});
});

describe('fingerprintOfKey', () => {
	test('matches what ssh-keygen -lf prints, for ed25519, ecdsa and rsa keys', () => {
		const dir = mkdtempSync(join(tmpdir(), 'hermes-fp-'));
		try {
			for (const [type, name] of [
				['ed25519', 'ssh-ed25519'],
				['ecdsa', 'ecdsa-sha2-nistp256'],
				['rsa', 'ssh-rsa'],
			]) {
				const file = join(dir, type);
				execFileSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', file]);
				const blob = Buffer.from(readFileSync(`${file}.pub`, 'utf8').split(' ')[1], 'base64');
				const printed = execFileSync('ssh-keygen', ['-lf', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1];
				expect(fingerprintOfKey(blob)).toBe(printed);
				expect(keyTypeOf(blob)).toBe(name);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test.each([[Buffer.alloc(0)], [Buffer.from([0, 0, 0])], [Buffer.from([0, 0, 1, 0, 65])]])('keyTypeOf(%p) is unknown', (blob) => {
		expect(keyTypeOf(blob)).toBe('unknown');
	});
});

describe('host key policy and verifier', () => {
	const base: SshConnectionOptions = { host: 'h', port: 22, username: 'u', authMethod: 'password', password: 'p' };
	const keyFor = (fingerprint: string) => fingerprint; // readability only
	const blob = Buffer.from('AAAAC3NzaC1lZDI1NTE5AAAAIOl2oQmdXLcEqRYAEDHlTeZ1v0t6EC3aH0y2d9nNMuGX', 'base64');
	const presented = fingerprintOfKey(blob);

	test('no fingerprint and no opt-out is refused', () => {
		expect(() => assertHostKeyPolicy(base)).toThrow(/No host key fingerprint is set/);
		expect(() => assertHostKeyPolicy({ ...base, hostKeyFingerprint: '' })).toThrow(TransportError);
	});

	test('no fingerprint with the opt-out accepts any key', () => {
		const pinned = assertHostKeyPolicy({ ...base, acceptAnyHostKey: true });
		expect(pinned).toEqual([]);
		expect(createHostVerifier({ ...base, acceptAnyHostKey: true }, pinned, () => undefined)(blob)).toBe(true);
	});

	test('a pinned match is accepted; a mismatch is rejected with a clear error', () => {
		const rejected: TransportError[] = [];
		const conn = { ...base, hostKeyFingerprint: keyFor(presented) };
		expect(createHostVerifier(conn, assertHostKeyPolicy(conn), (e) => rejected.push(e))(blob)).toBe(true);
		const other = { ...base, hostKeyFingerprint: A, acceptAnyHostKey: true };
		expect(createHostVerifier(other, assertHostKeyPolicy(other), (e) => rejected.push(e))(blob)).toBe(false);
		expect(rejected).toHaveLength(1);
		expect(rejected[0].kind).toBe('host-key');
		expect(rejected[0].message).toContain(presented);
		expect(rejected[0].message).toContain(A);
		expect(rejected[0].message).toContain('ssh-ed25519');
	});
});
