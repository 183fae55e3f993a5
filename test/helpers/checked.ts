import type { Checked } from '../../nodes/shared/checked';
import type { ErrorAnswer } from '../../nodes/shared/markers';

/** What a node would answer for a check: the clean value, or the refusal's answer. */
export function answerOf<T>(checked: Checked<T>): T | ErrorAnswer {
	return checked.ok ? checked.value : checked.answer;
}
