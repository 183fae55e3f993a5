/**
 * The helpers a project's catalogue and config files import from `hermes-workflows`. They return
 * their argument unchanged: their job is the type, so an editor checks a tool or a config as it
 * is written. The loader validates everything again with file, tool and field in each message.
 */
import type { ConfigInput } from '../config/schema';
import type { ToolDefinition } from './schema';

/** One MCP tool of the catalogue. */
export function defineTool<const T extends ToolDefinition>(tool: T): T {
	return tool;
}

/** Several tools at once, in the order they are listed. */
export function defineTools<const T extends readonly ToolDefinition[]>(tools: T): T {
	return tools;
}

/** A project config: only the keys that differ from the built-in default. */
export function defineConfig<const T extends ConfigInput>(config: T): T {
	return config;
}
