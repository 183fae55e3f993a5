/**
 * The gateway nodes' contracts for the generator, from their one source (`core/index.ts`).
 * The build compiles them into this package's dist, so installing the CLI needs nothing of the
 * node package (ssh2, its native optional modules, n8n-workflow). A folder of its own: it is the
 * one door from generator/ into core/, which every folder uses and which uses none.
 */
export * from '../../core';
