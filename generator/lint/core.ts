/**
 * The lint core, from its one source beside the Hermes Workflow Lint node. The build compiles it
 * into this package's dist (as it does the contracts), so the CLI needs nothing of the node package.
 */
export * from '../../nodes/HermesLint/lint';
