/** How answers quote what they were sent or what a host said. Pure: the generator may import it. */

/** The start of `text`, `...` marking a cut. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

/** The end of `text` (the newest output), `...` marking a cut. */
export const tail = (text: string, max: number) => (text.length > max ? `...${text.slice(-max)}` : text);

/** A value the agent or a setting sent, as JSON cut to `max` characters. */
export const shown = (raw: unknown, max = 80) => JSON.stringify(raw)?.slice(0, max) ?? 'nothing';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Comma-separated text -> its trimmed, non-empty entries. */
export function commaList(raw: unknown): string[] {
	if (typeof raw !== 'string') return [];
	return raw
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
}
