/**
 * Replays probes recorded against a real Odoo (one labelled request each, the real answer beside
 * the stand-in's answer at the time) on today's stand-in. The recordings keep the label, not the
 * request, so each test file rebuilds the request of every label; the real answer is the truth.
 * A difference is either fixed in the stand-in or listed with the reason it is allowed, and a
 * listed difference that no longer occurs fails the run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RecordedProbe {
	label: string;
	real: Record<string, unknown>;
}

export function readProbes(file: string): RecordedProbe[] {
	return readFileSync(join(__dirname, '../../../fixtures', file), 'utf8')
		.split('\n')
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line) as RecordedProbe);
}

/** A difference allowed between the real answer and the stand-in's: where it applies, and how it is removed from both (`other` is the answer it is compared with). */
export interface AllowedDifference {
	reason: string;
	applies(label: string): boolean;
	normalise(answer: Record<string, unknown>, other: Record<string, unknown>): Record<string, unknown>;
}

export interface ProbeOutcome {
	label: string;
	allowed: string[];
}

/** Both answers with every allowed difference that applies removed, and the reasons that changed anything. */
export function withoutAllowed(label: string, real: Record<string, unknown>, stand: Record<string, unknown>, allowed: readonly AllowedDifference[]): { real: unknown; stand: unknown; used: string[] } {
	const used: string[] = [];
	real = structuredClone(real);
	stand = structuredClone(stand);
	for (const difference of allowed.filter((d) => d.applies(label))) {
		const before = JSON.stringify([real, stand]);
		[real, stand] = [difference.normalise(real, stand), difference.normalise(stand, real)];
		if (JSON.stringify([real, stand]) !== before) used.push(difference.reason);
	}
	return { real, stand, used };
}

/** The summary a replay prints: how many probes were equal as recorded, and how often each difference was allowed. */
export function replaySummary(name: string, outcomes: readonly ProbeOutcome[], allowed: readonly AllowedDifference[], unit = 'probes'): string {
	const equal = outcomes.filter((o) => o.allowed.length === 0).length;
	return [
		`${name}: ${outcomes.length} ${unit}, ${equal} equal as recorded, ${outcomes.length - equal} equal once an allowed difference is removed`,
		...allowed.map((d) => `  ${outcomes.filter((o) => o.allowed.includes(d.reason)).length} x ${d.reason}`),
	].join('\n');
}

/** The first line of an error message (the probe recorder kept no more); changes `answer` in place. */
export function firstLineOfMessage(answer: Record<string, unknown>, at: (a: Record<string, unknown>) => Record<string, unknown> | undefined): Record<string, unknown> {
	const error = at(answer);
	if (!error || typeof error.message !== 'string') return answer;
	error.message = error.message.split('\n')[0];
	return answer;
}
