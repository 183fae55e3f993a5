/**
 * The gateway nodes' contracts for the generator, from their one source (`nodes/contracts.ts`).
 * The build compiles them into this package's dist, so installing the CLI needs nothing of the
 * node package (ssh2, its native optional modules, n8n-workflow).
 */
export * from '../../nodes/contracts';
