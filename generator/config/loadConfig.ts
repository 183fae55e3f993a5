/** Reads a project config (JSON, TypeScript or JavaScript) over the built-in default and validates it. */
import { closest, distance } from 'fastest-levenshtein';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';

import { isObject } from '../contracts';
import { HermesError } from '../errors';
import { loadDefaultExport, ModuleLoadError } from '../runtime/loadModule';
import { defaultConfig, nameAfterEndpoint } from './defaults';
import { CONFIG_FILE_NAMES } from './fileNames';
import { removedKeyIssues, withoutRemovedKeys } from './removedKeys';
import type { HermesConfig } from './schema';
import { ADMIN_DEFAULTS, APPROVAL_DEFAULTS, ConfigSchema } from './schema';

export class ConfigError extends HermesError {
	constructor(
		message: string,
		readonly issues: string[] = [],
	) {
		super(
			issues.length > 0 ? `${message}\n  ${issues.join('\n  ')}` : message,
			'fix the config file named above (each problem gives its key), or pass another with -c',
			'config',
		);
	}
}

export { CONFIG_FILE_NAMES };

/** Objects merge key by key; arrays and scalars from the user file replace the default. */
function merge(base: unknown, override: unknown): unknown {
	if (!isObject(base) || !isObject(override)) return override;
	const out: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(override)) out[key] = merge(base[key], value);
	return out;
}

/** Keys a config may hold at `path`: those of the built-in default, plus the optional ones. */
function knownKeys(path: ReadonlyArray<string | number>): string[] {
	const approvals = { tools: [], channel: { type: '', credential: '', from: '', to: [], chatId: '' }, publicUrl: '', ...APPROVAL_DEFAULTS };
	const admin = { ...ADMIN_DEFAULTS, tools: [] };
	let node: unknown = { ...defaultConfig(), pipelineWorkflow: { name: '', id: '' }, approvals, admin };
	for (const part of path) node = Array.isArray(node) ? node[0] : isObject(node) ? node[String(part)] : undefined;
	if (path[0] === 'toolsets' && path.length === 2) return ['name', 'path', 'tools'];
	return isObject(node) ? Object.keys(node) : [];
}

/** "did you mean" for a mistyped key: the known key within a third of its length in edits. */
function suggestion(key: string, path: ReadonlyArray<string | number>): string {
	const candidates = knownKeys(path);
	if (candidates.length === 0) return '';
	const best = closest(key, candidates);
	return distance(key, best) <= Math.max(2, Math.floor(best.length / 3)) ? ` (did you mean "${best}"?)` : '';
}

/** Validates a full config object (user overrides already merged). */
export function parseConfig(raw: unknown, source = 'config'): HermesConfig {
	const removed = removedKeyIssues(raw);
	const result = ConfigSchema.safeParse(withoutRemovedKeys(raw));
	if (!result.success || removed.length > 0) {
		const issues = removed.concat(result.success ? [] : result.error.issues.flatMap((issue) => {
			const where = issue.path.join('.');
			if (issue.code === 'unrecognized_keys') {
				return issue.keys.map((key) => `${where ? `${where}.` : ''}${key}: unknown key${suggestion(key, issue.path)}`);
			}
			return [`${where || '(root)'}: ${issue.message}`];
		}));
		throw new ConfigError(`Invalid ${source}:`, issues);
	}
	return result.data;
}

function readUserConfig(path: string): unknown {
	if (extname(path) === '.json') {
		let text: string;
		try {
			text = readFileSync(path, 'utf8');
		} catch (error) {
			throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}`);
		}
		try {
			return JSON.parse(text);
		} catch (error) {
			throw new ConfigError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
		}
	}
	if (!existsSync(path)) throw new ConfigError(`Cannot read config file ${path}: it does not exist`);
	try {
		return loadDefaultExport(path);
	} catch (error) {
		if (error instanceof ModuleLoadError) throw new ConfigError(`Config file ${error.message}`);
		throw error;
	}
}

/** The config file named, or the first of CONFIG_FILE_NAMES in `cwd`, or none (built-in default). */
export function findConfigFile(path: string | undefined, cwd = process.cwd()): string | undefined {
	if (path !== undefined) return resolve(cwd, path);
	return CONFIG_FILE_NAMES.map((name) => join(cwd, name)).find((file) => existsSync(file));
}

/**
 * The built-in default, overridden field by field by the config file at `path` when given.
 * Catalogue files named in a config file are relative to that file's folder.
 */
export function loadConfig(path?: string): HermesConfig {
	if (path === undefined) return parseConfig(defaultConfig(), 'built-in default config');
	const user = readUserConfig(path);
	if (!isObject(user)) {
		throw new ConfigError(`Config file ${path} must ${extname(path) === '.json' ? 'hold a JSON object' : 'export an object by default: `export default defineConfig({ ... })`'}`);
	}
	const merged = merge(defaultConfig(), user) as Record<string, unknown>;
	nameAfterEndpoint(user, merged, { approvals: APPROVAL_DEFAULTS, admin: ADMIN_DEFAULTS });
	if (Array.isArray(user.catalogue)) {
		merged.catalogue = user.catalogue.map((file: unknown) => (typeof file === 'string' && !isAbsolute(file) ? resolve(dirname(path), file) : file));
	}
	return parseConfig(merged, `config file ${path}`);
}
