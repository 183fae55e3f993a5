import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the installed `hermes-workflows` package (its package.json), found from this
 * module's own location, so it works from the sources, from dist/, and from node_modules.
 */
let found: string | undefined;

export function packageRoot(): string {
	found ??= findPackageRoot();
	return found;
}

function findPackageRoot(): string {
	for (let dir = __dirname; ; dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hermes-workflows') {
			return dir;
		}
		if (dirname(dir) === dir) throw new Error(`hermes-workflows: cannot find the package folder above ${__dirname}`);
	}
}

/** The package version, for `--version` and generated files. */
export function packageVersion(): string {
	return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
