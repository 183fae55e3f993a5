/** Loads what `import` wrote the way a user's project would: its config and the catalogue it lists. */
import { join } from 'path';

import { loadProject } from '../../../../generator/project';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';

export function loadEmittedCatalogue(dir: string): readonly ToolSpec[] {
	return loadProject(join(dir, 'hermes.config.json')).tools;
}
