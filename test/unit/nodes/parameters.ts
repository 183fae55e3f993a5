import type { ItemParameters } from '../../../nodes/shared/operations';

/** An item's parameters from plain values; a missing one answers its fallback, as one n8n hides does. */
export const parametersOf =
	(values: Record<string, unknown>): ItemParameters =>
	(name, fallback = '') =>
		name in values ? values[name] : fallback;
