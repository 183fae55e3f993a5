import { WorkflowGraph } from './graph';
import { RULES } from './rules';
import { parseWorkflowShape } from './schema';
import { readManifest } from './manifest';
import type { Finding, Rule, RuleContext } from './types';

/** Not a rule: the input is not an n8n workflow, so no rule can run (the CLI exits 2). */
export const SHAPE_CODE = 'HMT000';
export const SHAPE_RULE: Pick<Rule, 'code' | 'name' | 'severity' | 'summary' | 'why' | 'hint'> = {
	code: SHAPE_CODE,
	name: 'workflow-shape',
	severity: 'error',
	summary: 'The file is not an n8n workflow (nodes[] and connections{} of the expected shape).',
	why: 'Every other rule reads nodes and connections; nothing can be checked until they parse.',
	hint: 'Lint the workflow JSON as exported by n8n (Download, or GET /api/v1/workflows/{id}).',
};

export interface LintOptions {
	/** Manifest to compare with (as read from disk, or the generator's object); HMT013 runs only when one is given. */
	manifest?: unknown;
	/** Reported in every finding. */
	file?: string;
}

/** Lints one workflow (parsed JSON of any shape); findings in rule order, then node order. */
export function lintWorkflow(workflow: unknown, options: LintOptions = {}): Finding[] {
	const { file } = options;
	const shape = parseWorkflowShape(workflow);
	if (!shape.ok) {
		return [
			{
				code: SHAPE_CODE,
				severity: SHAPE_RULE.severity,
				message: `not an n8n workflow: ${shape.problems.slice(0, 5).join('; ')}${shape.problems.length > 5 ? `; and ${shape.problems.length - 5} more` : ''}`,
				hint: SHAPE_RULE.hint,
				...(file !== undefined && { file }),
			},
		];
	}
	const context: RuleContext = {
		workflow: shape.workflow,
		graph: new WorkflowGraph(shape.workflow),
		...(options.manifest !== undefined && { manifest: readManifest(options.manifest) }),
	};
	return RULES.flatMap((rule) =>
		rule.check(context).map(
			(hit): Finding => ({
				code: rule.code,
				severity: hit.severity ?? rule.severity,
				message: hit.message,
				hint: rule.hint,
				...(hit.node !== undefined && { node: hit.node }),
				...(hit.path !== undefined && { path: hit.path }),
				...(file !== undefined && { file }),
			}),
		),
	);
}
