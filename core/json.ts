/** Reading a value of unknown shape (parsed JSON, a parameter). Pure: the generator may import it. */

/** An object, not an array or null: what a workflow, a node or its parameters must be when read back. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
