import type { ErrorAnswer } from './markers';

/** The outcome of checking one input or setting: the clean value, or the answer that refuses it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; answer: ErrorAnswer };

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refuse = <T>(answer: ErrorAnswer): Checked<T> => ({ ok: false, answer });
