/**
 * What a create tool answers instead of creating: the earlier identical create's own answer, or
 * why it cannot be given. The wording lives here once; the create-once workflow fills in the
 * times.
 */
import { MARKER_RETRY, STATE_RETRY } from '../contracts';

import { DUPLICATE_PARAM } from '../plan';

// The optional argument every create tool takes (the plan checks no tool has one already).
export { DUPLICATE_PARAM };

export const DUPLICATE_DESCRIPTION = 'true: create even if identical to a recent one';

/** Added to the first answer, after `succeeded at <time>`. */
export const REPLAY_HINT = `; this is its answer, and nothing new was created. To create a second identical record on purpose, call again with ${DUPLICATE_PARAM}: true.`;

/**
 * A new create's answer where the identical earlier one made a record that has been deleted since:
 * the field, and what the hint adds after `created <model> <id> at <time>`.
 */
export const EARLIER_DELETED = 'earlier_deleted';
export const EARLIER_DELETED_HINT = ', which has been deleted since; so this call created a new record (the id above). Nothing is duplicated.';

export const IN_PROGRESS = {
	error: '__UNAVAILABLE__',
	state: 'timeout',
	retry: STATE_RETRY.timeout,
	/** After `started at <time>`. */
	hint: ' and has not answered yet; nothing new was started. Send the same call again in a few seconds for its answer.',
} as const;

export const OUTCOME_UNKNOWN = {
	error: '__EXISTS__',
	retry: MARKER_RETRY.__EXISTS__,
	/** After `started at <time>`. */
	hint: ` and never recorded how it ended: it may have created the record. Look for it with a read; if it is not there, call again with ${DUPLICATE_PARAM}: true.`,
} as const;

export const IDENTICAL_CALL = 'An identical call (same tool and arguments)';

export const CREATE_BUSY_HINT = 'Nothing was created: identical creates were being started at the same moment and none was settled while this one waited. Retry later.';
