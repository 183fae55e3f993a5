/**
 * Which config a command runs with, said before it runs: the file found or named, or that none
 * was found and the built-in default is used (so a command run in the wrong folder says so).
 */
import type { Command } from 'commander';

import { CONFIG_FILE_NAMES } from '../config/fileNames';
import { findConfigFile } from '../config/loadConfig';
import type { CommandIo } from './io';

/** Commands whose standard output is the artifact itself: the line goes to stderr there. */
const ARTIFACT_ON_STDOUT = new WeakSet<Command>();

/** Marks, where a command is defined, that its standard output is the artifact itself (agent-config's). */
export function printsArtifact(command: Command): Command {
	ARTIFACT_ON_STDOUT.add(command);
	return command;
}

export function configSourceLine(named: string | undefined, cwd = process.cwd()): string {
	const file = findConfigFile(named, cwd);
	if (file) return `config: ${file}`;
	return `config: the built-in default (no ${CONFIG_FILE_NAMES.join(', ')} in ${cwd}; -c names another)`;
}

/**
 * Prints the line for a command that reads a config: to stdout with text output, to stderr with
 * any other format (json, jsonl, csv, github), whose stdout a program reads as it is: a line
 * before calls' CSV made `> calls.csv` no CSV and the JSON lines no JSON.
 */
export function announceConfig(command: Command, io: CommandIo): void {
	const declares = command.options.some((option) => option.long === '--config');
	const options = command.opts<{ config?: string; format?: string; live?: boolean }>();
	// lint reads a config only to compare with the live workflows.
	if (!declares || (command.name() === 'lint' && options.live !== true)) return;
	const line = `${configSourceLine(options.config)}\n`;
	if ((options.format !== undefined && options.format !== 'text') || ARTIFACT_ON_STDOUT.has(command)) io.stderr(line);
	else io.stdout(line);
}
