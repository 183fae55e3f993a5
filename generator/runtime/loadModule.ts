/**
 * Loads a project's TypeScript or JavaScript file (catalogue, config) at run time with jiti, so a
 * project needs no build step. `hermes-workflows` inside those files resolves to this running
 * CLI's own helpers, whether or not the project has its own copy installed.
 */
import { createJiti } from 'jiti';

import { HermesError } from '../errors';

type Jiti = ReturnType<typeof createJiti>;

let loader: Jiti | undefined;

function jiti(): Jiti {
	loader ??= createJiti(__filename, {
		// Always read the file as it is now: a CLI run loads each file once, tests edit them.
		moduleCache: false,
		fsCache: false,
		alias: { 'hermes-workflows': require.resolve('../toolSpec/define') },
	});
	return loader;
}

export class ModuleLoadError extends HermesError {
	constructor(
		readonly file: string,
		readonly reason: string,
	) {
		super(`${file}: ${reason}`, 'the file must be valid TypeScript or JavaScript whose default export is what the message asks for', 'catalogue');
	}
}

/** The module's default export; a CommonJS module's exports; undefined for an ES module without one. */
export function loadDefaultExport(file: string): unknown {
	let module: unknown;
	try {
		module = jiti()(file);
	} catch (error) {
		const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
		throw new ModuleLoadError(file, `cannot be loaded: ${message}`);
	}
	if (typeof module === 'object' && module !== null) {
		if ('default' in module) return (module as { default: unknown }).default;
		if ((module as { __esModule?: unknown }).__esModule) return undefined;
	}
	return module;
}
