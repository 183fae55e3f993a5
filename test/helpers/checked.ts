import type { Checked } from '../../core/checked';
import type { ErrorAnswer } from '../../core/markers';

/** What a node would answer for a check: the clean value, or the refusal's answer. */
export function answerOf<T>(checked: Checked<T>): T | ErrorAnswer {
	return checked.ok ? checked.value : checked.answer;
}
