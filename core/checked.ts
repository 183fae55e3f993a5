import { misconfiguredAnswer, type ErrorAnswer } from './markers';

/**
 * The outcome of checking one input or setting: the clean value, or the answer that refuses it
 * with its reason in a few words (what the workflow generator reports for a config value).
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; answer: ErrorAnswer; reason: string };

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refuse = <T>(answer: ErrorAnswer, reason: string = answer.hint): Checked<T> => ({ ok: false, answer, reason });

/** A setting the operator got wrong: `__UNAVAILABLE__` misconfigured, whatever the agent sent. */
export const misconfigured = <T>(setting: string, why: string): Checked<T> => refuse<T>(misconfiguredAnswer(setting, why), why);
