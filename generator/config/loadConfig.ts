/** Reads a user config file over the embedded default and validates the result. */
import { readFileSync } from 'node:fs';

import { DEFAULT_CONFIG } from './defaults';
import type { HermesConfig } from './schema';
import { ConfigSchema } from './schema';

export class ConfigError extends Error {
	constructor(
		message: string,
		readonly issues: string[] = [],
	) {
		super(issues.length > 0 ? `${message}\n  ${issues.join('\n  ')}` : message);
		this.name = 'ConfigError';
	}
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars from the user file replace the default. */
function merge(base: unknown, override: unknown): unknown {
	if (!isPlainObject(base) || !isPlainObject(override)) return override;
	const out: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(override)) out[key] = merge(base[key], value);
	return out;
}

/** Validates a full config object (user overrides already merged). */
export function parseConfig(raw: unknown, source = 'config'): HermesConfig {
	const result = ConfigSchema.safeParse(raw);
	if (!result.success) {
		const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
		throw new ConfigError(`Invalid ${source}:`, issues);
	}
	return result.data;
}

/** Embedded default, overridden field by field by the JSON file at `path` when given. */
export function loadConfig(path?: string): HermesConfig {
	if (path === undefined) return parseConfig(DEFAULT_CONFIG, 'embedded default config');
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}`);
	}
	let user: unknown;
	try {
		user = JSON.parse(text);
	} catch (error) {
		throw new ConfigError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
	}
	if (!isPlainObject(user)) throw new ConfigError(`Config file ${path} must hold a JSON object`);
	return parseConfig(merge(DEFAULT_CONFIG, user), `config file ${path}`);
}
