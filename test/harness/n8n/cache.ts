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

export const N8N_VERSION = '2.41.1';
const DEFAULT_CACHE = '/var/cache/n8n-nodes-hermes';

export function n8nCacheDir(): string {
	return process.env.HERMES_N8N_CACHE || DEFAULT_CACHE;
}

export function readN8nInstall(cacheDir = n8nCacheDir()): N8nInstall {
	const marker = join(cacheDir, `n8n-${N8N_VERSION}`, '.hermes-install-complete');
	const missing = `n8n ${N8N_VERSION} is not installed in ${cacheDir}: run \`bash test/setup/install-n8n.sh\` first (set HERMES_N8N_CACHE to use another folder)`;
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
	if (!install.node || !install.n8n || !existsSync(install.node) || !existsSync(install.n8n)) {
		throw new Error(`${missing} (the marker ${marker} points at missing files)`);
	}
	return install;
}
