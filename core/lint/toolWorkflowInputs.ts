import type { LintedNode } from './types';
import { fromAiCallsOf } from './walk';

/** What a toolWorkflow maps into its sub-workflow, read from `workflowInputs`. */
interface ToolWorkflowInputs {
	/** Fields of `workflowInputs.schema` (what n8n builds the tool's parameters from). */
	schemaFields: number;
	/** Keys of `workflowInputs.value` with a non-empty value. */
	mappedFields: string[];
	/** Keys of `workflowInputs.value` whose value calls `$fromAI`. */
	fromAiFields: string[];
}

const VALUE_PATH = 'parameters.workflowInputs.value.';

export function toolWorkflowInputs(node: LintedNode): ToolWorkflowInputs {
	const inputs = node.parameters.workflowInputs;
	const record = typeof inputs === 'object' && inputs !== null ? (inputs as Record<string, unknown>) : {};
	const schema = Array.isArray(record.schema) ? record.schema : [];
	const value = typeof record.value === 'object' && record.value !== null ? (record.value as Record<string, unknown>) : {};
	const fromAiFields = new Set(
		fromAiCallsOf(node)
			.filter((call) => call.path.startsWith(VALUE_PATH))
			.map((call) => call.path.slice(VALUE_PATH.length).split(/[.[]/)[0]),
	);
	return {
		schemaFields: schema.length,
		mappedFields: Object.keys(value).filter((key) => value[key] !== '' && value[key] !== null && value[key] !== undefined),
		fromAiFields: [...fromAiFields],
	};
}
