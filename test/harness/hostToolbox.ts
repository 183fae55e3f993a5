/**
 * A host without some tools, by real means: a folder of symlinks to every program in the
 * standard folders except the named ones, given to an sshd's sessions as their only PATH
 * (sshd's `SetEnv`). The shell, git and the rest behave as installed; the left-out tools are
 * simply not there, as on a host that never installed them.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSshd, type SshdHandle } from './sshd';

const STANDARD_FOLDERS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

export interface Toolbox {
	/** The folder to use as PATH. */
	path: string;
	remove(): void;
}

export function createToolbox(without: readonly string[]): Toolbox {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-toolbox-'));
	const path = join(dir, 'bin');
	mkdirSync(path);
	const seen = new Set(without);
	for (const folder of STANDARD_FOLDERS) {
		if (!existsSync(folder)) continue;
		for (const name of readdirSync(folder)) {
			if (seen.has(name)) continue;
			const target = join(folder, name);
			try {
				if (!statSync(target).isFile()) continue;
			} catch {
				continue; // a dangling symlink
			}
			seen.add(name);
			symlinkSync(target, join(path, name));
		}
	}
	return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An sshd whose sessions find every standard program except `without` (`extraConfig`: more sshd_config lines). */
export async function startSshdWithout(without: readonly string[], extraConfig: string[] = []): Promise<SshdHandle & { toolbox: Toolbox }> {
	const toolbox = createToolbox(without);
	const sshd = await startSshd({ env: { PATH: toolbox.path }, extraConfig });
	return {
		...sshd,
		toolbox,
		stop: async () => {
			await sshd.stop();
			toolbox.remove();
		},
	};
}
