/**
 * Reading what a vault script printed. Every script's first line is either a marker
 * (`__BAD_PATH__ detail`) or `OK <fields...>`; what follows the first newline is the body
 * (matches, paths, note bytes). Anything else is an unexpected answer from the host.
 */
import { answerFromRemoteOutput, HINT_QUOTE_CAPS, unavailableAnswer, type ErrorAnswer, type RemoteHints } from '../../../core/markers';
import type { RemoteResult } from '../../shared/transport/types';

type ScriptOutput =
	| { kind: 'ok'; fields: string[]; body: Buffer }
	| { kind: 'marker'; answer: ErrorAnswer }
	| { kind: 'unexpected'; detail: string };

/** `hints` replace the default hint of a marker the script printed (a read is not a write). */
export function readScriptOutput(result: RemoteResult, hints?: RemoteHints): ScriptOutput {
	const newline = result.stdout.indexOf(0x0a);
	const firstLine = result.stdout.subarray(0, newline === -1 ? result.stdout.length : newline).toString('utf8');
	const body = newline === -1 ? Buffer.alloc(0) : result.stdout.subarray(newline + 1);
	const marker = answerFromRemoteOutput(firstLine, hints);
	if (marker) return { kind: 'marker', answer: marker };
	if (firstLine === 'OK' || firstLine.startsWith('OK ')) {
		return { kind: 'ok', fields: firstLine.split(' ').slice(1), body };
	}
	const stderr = result.stderr.trim().split('\n').slice(-2).join(' ').slice(0, HINT_QUOTE_CAPS.short);
	return {
		kind: 'unexpected',
		detail: `exit ${String(result.exitCode)}${stderr ? `: ${stderr}` : ''}`,
	};
}

/** The answer for output that is neither OK nor a marker: the host side is broken. */
export function unexpectedAnswer(detail: string): ErrorAnswer {
	return unavailableAnswer('misconfigured', `The host answered in an unexpected way (${detail}). Tell the operator.`);
}
