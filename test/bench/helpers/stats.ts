/** Timing helpers shared by the benchmarks: figures only, never asserted. */
export function median(values: readonly number[]): number {
	const finite = values.filter((v) => Number.isFinite(v));
	if (finite.length === 0) return NaN;
	const sorted = [...finite].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (NaN for no values). */
export function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Milliseconds `run` took, and what it answered. */
export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const start = process.hrtime.bigint();
	const value = await run();
	return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** A plain-text table, columns padded to their widest cell. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
	const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
	return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '-');
