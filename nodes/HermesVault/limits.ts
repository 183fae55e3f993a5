/** Caps of the vault tools (defined in the node's contract) and the counting they rely on. */
import { VAULT_LIMITS } from './contract';

export const LIMITS = VAULT_LIMITS;

/** Bytes of the UTF-8 encoding: the unit of the write cap (not characters). */
export function utf8ByteLength(text: string): number {
	return Buffer.byteLength(text, 'utf8');
}

/** Characters as a reader counts them: Unicode code points (a surrogate pair is one). */
export function countChars(text: string): number {
	let count = 0;
	for (let i = 0; i < text.length; i++) {
		const unit = text.charCodeAt(i);
		// A high surrogate followed by a low one is one character.
		if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) i++;
		}
		count++;
	}
	return count;
}

/** Keeps the first `max` code points, never splitting a surrogate pair. */
export function truncateChars(text: string, max: number): { text: string; truncated: boolean } {
	if (text.length <= max) return { text, truncated: false };
	let units = 0;
	let chars = 0;
	for (const char of text) {
		if (chars === max) return { text: text.slice(0, units), truncated: true };
		units += char.length;
		chars++;
	}
	return { text, truncated: false };
}

/**
 * Upper bound of the bytes that can hold `chars` characters of UTF-8 (4 bytes each at most):
 * the host sends no more than this, the node cuts to the character cap.
 */
export function bytesForChars(chars: number): number {
	return chars * 4;
}
