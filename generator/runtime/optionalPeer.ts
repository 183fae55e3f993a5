/**
 * Packages only one command needs are optional peer dependencies of hermes-workflows (ts-morph
 * for `import`: the TypeScript compiler it carries is most of an install's size). The command
 * loads its package when it runs; a project without it gets one error naming the install.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HermesError } from '../errors';
import { packageRoot } from './packageRoot';

type Require = (id: string) => unknown;

/** The range package.json asks for `name` in, so the hint installs a version the CLI works with. */
export function peerRange(name: string): string {
	const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
	const range = pkg.peerDependencies?.[name];
	if (range === undefined) throw new Error(`hermes-workflows: ${name} is not a peer dependency in package.json`);
	return range;
}

/** `name` itself is missing; a package it needs that is missing is another fault, and is rethrown. */
function isMissing(error: unknown, name: string): boolean {
	const { code, message } = error as NodeJS.ErrnoException;
	return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.startsWith(`Cannot find module '${name}'`);
}

/** Loads the optional peer `name` for `command`, or throws the HermesError that says how to install it. */
export function loadOptionalPeer<T>(name: string, command: string, load: Require = require): T {
	try {
		return load(name) as T;
	} catch (error) {
		if (!isMissing(error, name)) throw error;
		const install = `npm install --save-dev ${name}@${peerRange(name)}`;
		throw new HermesError(`${command} needs ${name}, which is not installed`, `run \`${install}\` in your project, then run ${command} again`, 'dependency');
	}
}
