import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { ok, refuse, type Checked } from '../../../shared/checked';
import { errorAnswer } from '../../../shared/markers';
import { TransportError } from '../../../shared/transport/types';
import { VAULT_LIMITS } from '../../contract';
import { asItem, readScriptOutput } from '../../helpers/answers';
import type { VaultContext } from '../../helpers/context';
import { utf8ByteLength } from '../../helpers/limits';
import { classifyPushFailure } from '../../helpers/pushFailure';
import { checkWritePath } from '../../helpers/validate';
import { WRITE_SCRIPT } from '../../scripts/write';

export const PUSH_TIMEOUT_SECONDS = 30;
export const LOCK_WAIT_SECONDS = 30;
/** Lock wait + push + the transfer and git work around them. */
export const WRITE_TIMEOUT_SECONDS = LOCK_WAIT_SECONDS + PUSH_TIMEOUT_SECONDS + 30;

const BASE_HASH = /^[0-9a-f]{12}$/;

export const BAD_BASE_HASH =
	'base_hash is malformed: send it empty to create a new note, or as the 12 hexadecimal characters of the contentHash that vault_read returned to overwrite one.';

/** What the host refuses for a write: the prefixes and symlinks matter here. */
export const WRITE_HINTS = {
	__BAD_PATH__:
		'The path is not allowed for a write. Use a relative path under an allowed prefix, ending in .md, with no "..", hidden or empty segments and no symlink on the way.',
	__BAD_ARGUMENT__: BAD_BASE_HASH,
} as const;

/** Everything the host needs for a write. */
export interface PreparedWrite {
	path: string;
	baseHash: string;
	content: Buffer;
	digest: string;
	prefixes: string[];
}

/** Checks the write's arguments before any command: the path, the content and the base hash. */
export function prepareWrite(rawPath: unknown, rawContent: unknown, rawBaseHash: unknown, prefixes: string[]): Checked<PreparedWrite> {
	const path = checkWritePath(rawPath, prefixes);
	if (!path.ok) return path;
	if (typeof rawContent !== 'string' || rawContent === '') {
		return refuse(errorAnswer('__BAD_ARGUMENT__', 'The note content is empty. Send the full text of the note.'));
	}
	const bytes = utf8ByteLength(rawContent);
	if (bytes > VAULT_LIMITS.writeBytes) {
		return refuse(
			errorAnswer('__TOO_LARGE__', `The note is ${bytes} bytes in UTF-8; the cap is ${VAULT_LIMITS.writeBytes} bytes (bytes, not characters). Split it into several notes.`),
		);
	}
	const baseHash = typeof rawBaseHash === 'string' ? rawBaseHash.trim().toLowerCase() : '';
	// A malformed argument, not a stale read: say what a base hash is, never what the current one is.
	if (baseHash !== '' && !BASE_HASH.test(baseHash)) return refuse(errorAnswer('__BAD_ARGUMENT__', BAD_BASE_HASH));
	const content = Buffer.from(rawContent, 'utf8');
	return ok({ path: path.value, baseHash, content, digest: createHash('sha256').update(content).digest('hex'), prefixes });
}

/** `PUSHED no <exit code> <git's lines, joined by " | ">`; older hosts printed no exit code. */
const PUSH_FAILED = /^PUSHED no(?: (\d+))?(?: (.*))?$/;

/**
 * Success answer from `OK <hash> <bytes> <state> <commit>` and `PUSHED yes|no ...`. A failed push
 * keeps the commit, so the answer stays a success; `pushState` and `pushRetry` say whether the
 * push can pass by itself (`later`) or the host must be fixed first (`never_here`, the fix in the hint).
 */
export function shapeWriteSuccess(path: string, fields: string[], body: Buffer): IDataObject {
	const [contentHash, bytes, status, commit] = fields;
	const answer: IDataObject = { success: true, path, contentHash, bytes: Number(bytes), status, commit };
	if (status === 'unchanged') {
		answer.pushed = false;
		answer.hint = 'The note already had this content; nothing was committed.';
		return answer;
	}
	const pushLine = body.toString('utf8').split('\n', 1)[0];
	answer.pushed = pushLine === 'PUSHED yes';
	if (!answer.pushed) {
		const failed = PUSH_FAILED.exec(pushLine);
		const reason = failed ? (failed[2] ?? '').trim() : 'no answer from the push';
		const why = classifyPushFailure(failed?.[1] === undefined ? undefined : Number(failed[1]), reason);
		answer.pushState = why.state;
		answer.pushRetry = why.retry;
		answer.hint =
			why.retry === 'never_here'
				? `Committed on the host, but the push failed (${reason || 'unknown reason'}): ${why.fix}. The next write pushes it too once the host is fixed; retrying cannot fix it, tell the operator.`
				: `Committed on the host, but the push failed (${reason || 'unknown reason'}). The next write pushes it too; tell the operator if it keeps failing.`;
	}
	return answer;
}

const LOST_DURING_WRITE =
	'The connection was lost during the write. The host refuses content that did not arrive whole, so the note is unchanged unless the transfer had completed: read it (vault_read) to check, then retry.';

export async function execute(ctx: VaultContext, rawPath: unknown, rawContent: unknown, rawBaseHash: unknown): Promise<IDataObject> {
	const checked = prepareWrite(rawPath, rawContent, rawBaseHash, ctx.writePrefixes());
	if (!checked.ok) return asItem(checked.answer);
	const prepared = checked.value;
	const stdin = Buffer.concat([Buffer.from(`${prepared.path}\n${prepared.baseHash}\n`, 'utf8'), prepared.content]);
	const outcome = await ctx
		.run({
			script: WRITE_SCRIPT,
			args: [
				ctx.vaultPath,
				String(prepared.content.length),
				prepared.digest,
				prepared.prefixes.join(','),
				String(PUSH_TIMEOUT_SECONDS),
				String(LOCK_WAIT_SECONDS),
			],
			stdin,
			timeoutSeconds: WRITE_TIMEOUT_SECONDS,
			readOnly: false,
		})
		.then(
			(result) => ({ result }),
			(error: unknown) => ({ error }),
		);
	if ('error' in outcome) {
		// Lost mid-command: the transfer may have been cut. Before the command started
		// (connect, host key, auth) nothing was sent: that stays __UNAVAILABLE__ (runPerItem).
		const { error } = outcome;
		if (error instanceof TransportError && (error.kind === 'dropped' || error.kind === 'timeout')) {
			return asItem(errorAnswer('__WRITE_FAILED__', `${LOST_DURING_WRITE} (${error.message})`, 'after_read'));
		}
		return Promise.reject(error);
	}
	const output = readScriptOutput(outcome.result, WRITE_HINTS);
	if (output.kind === 'marker') return asItem(output.answer);
	if (output.kind === 'unexpected') {
		return asItem(errorAnswer('__WRITE_FAILED__', `The host answered in an unexpected way (${output.detail}). Read the note (vault_read) to check before retrying; tell the operator if it repeats.`, 'after_read'));
	}
	return shapeWriteSuccess(prepared.path, output.fields, output.body);
}
