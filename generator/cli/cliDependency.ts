/**
 * The hermes-workflows dependency `init --cli` writes into a new project's package.json: a
 * version range from the registry, or a packed tarball (before publication the only way to
 * install the CLI), written as a `file:` path relative to the project so the repository can move.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

import { HermesError } from '../errors';

/** `0.2.0`, `^0.2.0`, `~0.2.1`, `0.3.0-rc.1`: the ranges a project pins a CLI with. */
const VERSION_RANGE = /^[\^~]?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

const HINT = 'give a version range such as ^0.2.0, or the path of a packed hermes-workflows-<version>.tgz (npm pack --workspace hermes-workflows in a clone)';

/** The spec to write for `given` (as typed, relative to `cwd`), for a project in `projectDir`. */
export function cliDependencySpec(given: string, projectDir: string, cwd: string = process.cwd()): string {
	const value = given.trim();
	if (VERSION_RANGE.test(value)) return value;
	const path = value.startsWith('file:') ? value.slice('file:'.length) : value;
	if (!path.endsWith('.tgz')) throw new HermesError(`--cli ${JSON.stringify(given)} is neither a version range nor a .tgz tarball`, HINT, 'usage');
	const absolute = isAbsolute(path) ? path : resolve(cwd, path);
	if (!existsSync(absolute) || !statSync(absolute).isFile()) {
		throw new HermesError(`--cli ${JSON.stringify(given)}: no file at ${absolute}`, HINT, 'usage');
	}
	const fromProject = relative(resolve(projectDir), absolute).split('\\').join('/');
	return `file:${fromProject.startsWith('.') ? fromProject : `./${fromProject}`}`;
}
