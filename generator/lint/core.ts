/**
 * The lint core, from its one source in core/, which the Hermes Workflow Lint node compiles too. The build compiles it
 * into this package's dist (as it does the contracts), so the CLI needs nothing of the node package.
 */
export * from '../../core/lint';
