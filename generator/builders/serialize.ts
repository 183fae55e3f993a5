/** Byte-stable JSON: 2-space indent, trailing newline; key order is the builders' literal order. */
export function toJson(value: unknown): string {
	return `${JSON.stringify(value, null, 2)}\n`;
}
