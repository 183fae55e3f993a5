/**
 * Positions on a generated canvas, computed from its connections: each node one column right of
 * the first node that leads to it (breadth first from the starts), stacked in its column in the
 * order reached. A connection back (a retry loop) places nothing, so a canvas reads left to right.
 */
import type { Workflow } from './n8nTypes';

const COLUMN = 240;
const ROW = 180;

/** A place that no layout gives: builders pass it, and laidOut replaces it. */
export const AT: [number, number] = [0, 0];

export function laidOut(workflow: Workflow, ...starts: string[]): Workflow {
	const column = new Map<string, number>(starts.map((start) => [start, 0]));
	const order = [...starts];
	for (let i = 0; i < order.length; i++) {
		const from = order[i];
		for (const outputs of Object.values(workflow.connections[from] ?? {})) {
			for (const target of outputs.flat()) {
				if (column.has(target.node)) continue;
				column.set(target.node, (column.get(from) ?? 0) + 1);
				order.push(target.node);
			}
		}
	}
	const rank = new Map(order.map((name, i) => [name, i]));
	const byPlace = [...workflow.nodes].sort((a, b) => (rank.get(a.name) ?? order.length) - (rank.get(b.name) ?? order.length));
	const filled = new Map<number, number>();
	const position = new Map<string, [number, number]>();
	for (const n of byPlace) {
		const x = column.get(n.name) ?? 0;
		const y = filled.get(x) ?? 0;
		filled.set(x, y + 1);
		position.set(n.name, [x * COLUMN, y * ROW]);
	}
	return { ...workflow, nodes: workflow.nodes.map((n) => ({ ...n, position: position.get(n.name) ?? n.position })) };
}
