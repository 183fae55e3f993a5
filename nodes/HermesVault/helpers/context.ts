import { ok, refuse, type Checked } from '../../../core/checked';
import type { RemoteHints } from '../../../core/markers';
import { VAULT_SECONDS } from '../../../core/vault/contract';
import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { readScriptOutput, unexpectedAnswer } from './answers';

/** What an operation needs from the node: the checked vault path and a way to run one remote command. */
export interface VaultContext {
	/** The `vaultPath` setting, already validated (absolute or `~/...`). */
	vaultPath: string;
	run(command: RemoteCommand): Promise<RemoteResult>;
}

/** Seconds a read-only vault command may take on the host. */
const READ_TIMEOUT_SECONDS = VAULT_SECONDS.read;

/**
 * Runs a read-only script (search, list, read) with the vault path as its only argument and
 * `stdin` as its data. Returns the `OK` line's fields and the body, or the answer that refuses
 * (a marker from the script, or __UNAVAILABLE__ for output the node cannot read). `hints`
 * replace the default hints of the markers the script prints.
 */
export async function runReadScript(
	ctx: VaultContext,
	script: string,
	stdin: string,
	hints?: RemoteHints,
): Promise<Checked<{ fields: string[]; body: Buffer }>> {
	const result = await ctx.run({
		script,
		args: [ctx.vaultPath],
		stdin: Buffer.from(stdin, 'utf8'),
		timeoutSeconds: READ_TIMEOUT_SECONDS,
		readOnly: true,
	});
	const output = readScriptOutput(result, hints);
	if (output.kind === 'marker') return refuse(output.answer);
	if (output.kind === 'unexpected') return refuse(unexpectedAnswer(output.detail));
	return ok({ fields: output.fields, body: output.body });
}
