/**
 * What an install put in a node_modules folder, counted the way the install page counts it: the
 * packages (every folder holding a package.json directly under a node_modules, scoped or not),
 * the bytes of every file, native modules, and install scripts npm would run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface InstalledPackage {
	dir: string;
	name: string;
	version: string;
	/** The lifecycle scripts npm runs on install, and `gypfile` (npm then runs node-gyp itself). */
	installScripts: string[];
}

export interface InstallFigures {
	packages: InstalledPackage[];
	bytes: number;
	/** Files that make or are a native module: `binding.gyp` and compiled `.node` files. */
	nativeFiles: string[];
}

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** Every file under `dir`, recursively (symlinks not followed). */
export function walkFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? walkFiles(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
	);
}

function readPackage(dir: string): InstalledPackage {
	const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; scripts?: Record<string, string>; gypfile?: boolean };
	const installScripts = INSTALL_SCRIPTS.filter((script) => pkg.scripts?.[script] !== undefined);
	return { dir, name: pkg.name, version: pkg.version, installScripts: pkg.gypfile ? [...installScripts, 'gypfile'] : installScripts };
}

export function installFigures(nodeModules: string): InstallFigures {
	const files = walkFiles(nodeModules);
	const manifests = files.filter((file) => /node_modules\/(@[^/]+\/)?[^/@.][^/]*\/package\.json$/.test(file));
	return {
		packages: manifests.map((file) => readPackage(file.replace(/\/package\.json$/, ''))),
		bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
		nativeFiles: files.filter((file) => /(^|\/)binding\.gyp$|\.node$/.test(file)),
	};
}

/** Megabytes as the docs print them: one decimal, 10^6 bytes. */
export function megabytes(bytes: number): string {
	return (bytes / 1e6).toFixed(1);
}

/**
 * The figures docs/installing.md gives for an install, from its table row whose first cell
 * starts with `label`: `| label ... | 10 | 5.1 MB |`.
 */
export function documentedFigures(page: string, label: string): { packages: number; megabytes: string } {
	const row = page.split('\n').find((line) => line.startsWith(`| ${label}`));
	const match = row?.match(/\|\s*(\d+)\s*\|\s*([\d.]+) MB\s*\|\s*$/);
	if (!match) throw new Error(`no figures row starting "| ${label}" in the install page`);
	return { packages: Number(match[1]), megabytes: match[2] };
}
