/** A promise's value or its rejection as data, for callers that answer some failures instead of throwing them. */
export const settle = <T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> =>
	promise.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
