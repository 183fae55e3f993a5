import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where test/setup/install-n8n.sh put Node 24 and n8n (read from its completion marker). */
export interface N8nInstall {
	n8nVersion: string;
	/** Node 24 binary n8n runs on. */
	node: string;
	/** Folder holding bin/node and include/ (its bin/ goes first on n8n's PATH). */
	nodeHome: string;
	/** n8n's bin/n8n script. */
	n8n: string;
}

/** The version every e2e test boots (`bash test/setup/install-n8n.sh` with no argument). */
export const N8N_VERSION = '2.41.1';
/** The last n8n before the disabled-tool misrouting fix; the routing proof runs it in queue mode. */
export const N8N_LEGACY_ROUTING_VERSION = '2.20.12';
const DEFAULT_CACHE = '/var/cache/n8n-nodes-hermes';

export function n8nCacheDir(): string {
	return process.env.HERMES_N8N_CACHE || DEFAULT_CACHE;
}

/** Reads the completion marker of one installed version (each version has its own folder `n8n-<version>`). */
export function readN8nInstall(cacheDir = n8nCacheDir(), version = N8N_VERSION): N8nInstall {
	const marker = join(cacheDir, `n8n-${version}`, '.hermes-install-complete');
	const command = version === N8N_VERSION ? 'bash test/setup/install-n8n.sh' : `bash test/setup/install-n8n.sh ${version}`;
	const missing = `n8n ${version} is not installed in ${cacheDir}: run \`${command}\` first (set HERMES_N8N_CACHE to use another folder)`;
	if (!existsSync(marker)) throw new Error(missing);
	const values = new Map<string, string>();
	for (const line of readFileSync(marker, 'utf8').split('\n')) {
		const at = line.indexOf('=');
		if (at > 0) values.set(line.slice(0, at), line.slice(at + 1));
	}
	const install: N8nInstall = {
		n8nVersion: values.get('n8nVersion') ?? '',
		node: values.get('node') ?? '',
		nodeHome: values.get('nodeHome') ?? '',
		n8n: values.get('n8n') ?? '',
	};
	if (install.n8nVersion !== version) throw new Error(`${missing} (the marker ${marker} says ${install.n8nVersion || 'no version'})`);
	if (!install.node || !install.n8n || !existsSync(install.node) || !existsSync(install.n8n)) {
		throw new Error(`${missing} (the marker ${marker} points at missing files)`);
	}
	return install;
}
