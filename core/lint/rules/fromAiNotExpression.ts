import { enabledToolNodes } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';
import { forEachString } from '../walk';

/**
 * Fields whose node resolves `{{ }}` inside its own text (n8n's `getResolvables`), so a
 * `{{ $fromAI(...) }}` there works without the leading `=`: the SQL query of the database
 * nodes and the template of the HTML node. Keyed by the node type without its `Tool` suffix.
 */
const SELF_RESOLVING: Record<string, string> = {
	'n8n-nodes-base.postgres': 'query',
	'n8n-nodes-base.mySql': 'query',
	'n8n-nodes-base.microsoftSql': 'query',
	'n8n-nodes-base.snowflake': 'query',
	'n8n-nodes-base.googleBigQuery': 'sqlQuery',
	'n8n-nodes-base.html': 'html',
};

const FROM_AI_IN_BRACES = /\{\{[^}]*\$fromAI\s*\(/i;

export const fromAiNotExpression: Rule = {
	code: 'HMT016',
	name: 'fromai-not-expression',
	severity: 'error',
	summary: 'A tool parameter holds {{ $fromAI(...) }} without the leading "=", so it is sent as literal text.',
	why: 'n8n evaluates a parameter only when it starts with "=": the tool lists the key (its schema reads every string) but sends the text "{{ $fromAI(...) }}" instead of the model\'s value. The SQL query fields of the Postgres, MySQL, Microsoft SQL, Snowflake and BigQuery tools and the HTML template resolve {{ }} themselves and are not reported.',
	hint: 'Start the value with "=", e.g. ={{ $fromAI(\'query\', \'What to look for\') }} (in the editor: switch the field to Expression).',
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const node of enabledToolNodes(workflow, graph)) {
			const selfResolving = SELF_RESOLVING[node.type.replace(/Tool$/, '')];
			forEachString(node.parameters, 'parameters', (text, path, key) => {
				if (text.startsWith('=') || !FROM_AI_IN_BRACES.test(text)) return;
				if (path === `parameters.${selfResolving}` && key === selfResolving) return;
				hits.push({ node: node.name, path, message: `${path} holds {{ $fromAI(...) }} without the leading "=": the tool sends that text literally` });
			});
		}
		return hits;
	},
};
