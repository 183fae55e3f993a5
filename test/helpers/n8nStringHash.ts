/**
 * n8n's expressions give strings a `.hash()` (sha256 by default, hex). Tests that evaluate a
 * generated expression outside n8n install the same on String.prototype for their file.
 */
import { createHash } from 'node:crypto';

export function withN8nStringHash(): void {
	beforeAll(() => {
		Object.defineProperty(String.prototype, 'hash', {
			configurable: true,
			value(this: string) {
				return createHash('sha256').update(String(this)).digest('hex');
			},
		});
	});
	afterAll(() => {
		delete (String.prototype as unknown as Record<string, unknown>).hash;
	});
}
