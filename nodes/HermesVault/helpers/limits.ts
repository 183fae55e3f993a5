/** The counting the vault's caps (VAULT_LIMITS in the contract) rely on. */

/** Bytes of the UTF-8 encoding: the unit of the write cap (not characters). */
export function utf8ByteLength(text: string): number {
	return Buffer.byteLength(text, 'utf8');
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
