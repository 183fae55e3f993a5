import { createHash } from 'node:crypto';

import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ok, refuse, type Checked } from '../../../../core/checked';
import { shownFor } from '../../../shared/description';
import { errorAnswer } from '../../../../core/markers';
import { checkPassed, type ItemParameters } from '../../../shared/operations';
import { settle } from '../../../shared/transport/settle';
import { lostMidCommand } from '../../../shared/transportAnswer';
import { VAULT, VAULT_LIMITS, VAULT_SECONDS } from '../../../../core/vault/contract';
import { readScriptOutput } from '../../helpers/answers';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { utf8ByteLength } from '../../helpers/limits';
import { classifyPushFailure } from '../../helpers/pushFailure';
import { checkWritePath, checkWritePrefixes } from '../../../../core/vault/validate';
import { READ_SCRIPT } from '../../scripts/read';
import { WRITE_SCRIPT } from '../../scripts/write';
import { noteChanges } from '../../helpers/noteChanges';
import { noTrailerAnswer, READ_HINTS, sentNote, shapeNote } from './read.operation';

export const description: INodeProperties[] = [
	{
		displayName: 'Content',
		name: VAULT.params.content,
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		...shownFor(VAULT, 'content'),
		description: `Full text of the note (UTF-8, at most ${VAULT_LIMITS.writeBytes} bytes)`,
	},
	{
		displayName: 'Base Hash',
		name: VAULT.params.baseHash,
		type: 'string',
		default: '',
		...shownFor(VAULT, 'baseHash'),
		description: 'The contentHash returned by Read. Required to overwrite an existing note; leave empty to create a new one.',
	},
];

export const PUSH_TIMEOUT_SECONDS = VAULT_SECONDS.push;
export const LOCK_WAIT_SECONDS = VAULT_SECONDS.lockWait;
/** Lock wait + push + the transfer and git work around them. */
const WRITE_TIMEOUT_SECONDS = VAULT_SECONDS.write;

const BASE_HASH = /^[0-9a-f]{12}$/;

const BAD_BASE_HASH =
	'base_hash is malformed: send it empty to create a new note, or as the 12 hexadecimal characters of the contentHash that vault_read returned to overwrite one.';

/** What the host refuses for a write: the prefixes and symlinks matter here. */
const WRITE_HINTS = {
	__BAD_PATH__:
		'The path is not allowed for a write. Use a relative path under an allowed prefix, ending in .md, with no "..", hidden or empty segments and no symlink on the way.',
	__BAD_ARGUMENT__: BAD_BASE_HASH,
} as const;

/** Everything the host needs for a write. */
interface PreparedWrite {
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

/** The write's arguments checked against the Write Prefixes setting, which only a write reads (a bad one never spoils a read). */
function preparedFrom(param: ItemParameters): Checked<PreparedWrite> {
	const prefixes = checkWritePrefixes(param(VAULT.params.writePrefixes));
	if (!prefixes.ok) return prefixes;
	return prepareWrite(param(VAULT.params.path), param(VAULT.params.content), param(VAULT.params.baseHash), prefixes.value);
}

export async function execute(ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const checked = preparedFrom(param);
	if (!checked.ok) return checked.answer;
	const prepared = checked.value;
	const stdin = Buffer.concat([Buffer.from(`${prepared.path}\n${prepared.baseHash}\n`, 'utf8'), prepared.content]);
	const outcome = await settle(
		ctx.run({
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
		}),
	);
	if ('error' in outcome) {
		// The transfer may have been cut. Before the command started (connect, host key, auth)
		// nothing was sent: that stays __UNAVAILABLE__ (runPerItem).
		const { error } = outcome;
		if (lostMidCommand(error)) return errorAnswer('__WRITE_FAILED__', `${LOST_DURING_WRITE} (${error.message})`, 'after_read');
		return Promise.reject(error);
	}
	const output = readScriptOutput(outcome.value, WRITE_HINTS);
	if (output.kind === 'marker') return output.answer;
	if (output.kind === 'unexpected') {
		return errorAnswer('__WRITE_FAILED__', `The host answered in an unexpected way (${output.detail}). Read the note (vault_read) to check before retrying; tell the operator if it repeats.`, 'after_read');
	}
	return shapeWriteSuccess(prepared.path, output.fields, output.body);
}

/**
 * The note as it is now, read with the read operation's script, and the base-hash check the
 * write's script makes: a missing note needs an empty base hash, an existing one its current
 * contentHash. Only the order differs from a write, which compares under its lock when it runs.
 */
async function writeTarget(ctx: VaultContext, path: string, baseHash: string): Promise<{ refused: IDataObject } | { target: IDataObject; current?: { content: string; truncated: boolean } }> {
	const read = await runReadScript(ctx, READ_SCRIPT, path, READ_HINTS);
	if (!read.ok) {
		if (read.answer.error !== '__NOT_FOUND__') return { refused: read.answer };
		if (baseHash !== '') return { refused: errorAnswer('__STALE_READ__', 'The note does not exist (any more), so base_hash matches nothing. Send base_hash empty to create it, or list the folder (vault_list) to find the note.') };
		return { target: { path, exists: false } };
	}
	const note = sentNote(read.value.body);
	if (!note) return { refused: noTrailerAnswer() };
	if (baseHash === '') return { refused: errorAnswer('__EXISTS__') };
	if (note.contentHash !== baseHash) return { refused: errorAnswer('__STALE_READ__') };
	return { target: { path, exists: true, contentHash: note.contentHash, bytes: note.bytes }, current: shapeNote(note.body, note.bytes) };
}

/** Check Only: the write's own checks, then the note as the write would find it and what the write would change in it. Nothing is written. */
export async function check(ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const prepared = preparedFrom(param);
	if (!prepared.ok) return prepared.answer;
	const { path, baseHash } = prepared.value;
	const found = await writeTarget(ctx, path, baseHash);
	if ('refused' in found) return found.refused;
	const content = param(VAULT.params.content) as string;
	return { ...checkPassed({ operation: 'write', query: path, content, baseHash }, found.target), changes: noteChanges(found.current, prepared.value.content.toString('utf8')) };
}
