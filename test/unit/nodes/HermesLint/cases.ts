import { HERMES_LINT, type LintOperation, type LintParam } from '../../../../core/lint/contract';
import { HermesLint } from '../../../../nodes/HermesLint/HermesLint.node';
import type { NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<LintParam, LintOperation> = {
	node: new HermesLint(),
	contract: HERMES_LINT,
	group: 'transform',
	passing: { lint: { workflow: {} } },
};
