/** Options every command declares the same way. */
import { Option } from 'commander';

import { OUTPUT_FORMATS } from './io';

/** `--format`: text for people, json for programs; a command may offer more (lint: github). */
export function formatOption(formats: readonly string[] = OUTPUT_FORMATS): Option {
	return new Option('--format <format>', `output: ${formats.join(', ')} (text for people, json for programs)`).choices([...formats]).default('text');
}

/** `-c/--config`: the project config a command reads. */
export function configOption(description = 'project config (default: hermes.config.ts or .json in this folder, else the built-in default)'): Option {
	return new Option('-c, --config <file>', description);
}
