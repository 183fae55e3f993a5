/**
 * Arguments the agent sent that no parameter of the tool takes. n8n parses a tool call's
 * arguments with the schema it builds from the tool's `$fromAI` calls, and that parse drops
 * unknown keys before any node runs; the MCP trigger (2.1 on n8n 2.x) also hands the raw request
 * to its tools as their input item, so a node can still see what the agent really sent. A node
 * whose contract sets `agentArguments` reads the raw arguments and the tool's own argument
 * names from two parameters, and refuses a call with any other argument instead of running it
 * without.
 * Constants and a pure check only: the workflow generator imports this file.
 */
import { isObject } from './json';
import { errorAnswer, type ErrorAnswer } from './markers';
import { commaList } from './text';

export const AGENT_ARGUMENTS = {
	/**
	 * Node parameters: the `params` of the MCP `tools/call` request (JSON text of `{ name,
	 * arguments }`: n8n's expressions may not name `arguments`, so the node takes it out) and the
	 * tool's argument names (comma-separated).
	 */
	params: { sent: 'agentCall', accepted: 'acceptedArguments' },
	/** Sub-workflow inputs that carry them from the calling tool to the gateway node. */
	inputs: { sent: 'agent_call', accepted: 'accepted_arguments' },
} as const;

/** Sub-workflow input names in the order a trigger declares them. */
export const AGENT_ARGUMENT_INPUTS: readonly string[] = [AGENT_ARGUMENTS.inputs.sent, AGENT_ARGUMENTS.inputs.accepted];

/** The refusal names at most this many arguments, each cut to this many characters. */
export const AGENT_ARGUMENTS_CAPS = { names: 10, nameChars: 40 } as const;

/** The call's raw arguments; anything else (empty, not JSON, no arguments object) means they are not known here. */
function sentArguments(call: unknown): Record<string, unknown> | undefined {
	let value = call;
	if (typeof call === 'string') {
		if (call.trim() === '') return undefined;
		try {
			value = JSON.parse(call) as unknown;
		} catch {
			return undefined;
		}
	}
	return isObject(value) && isObject(value.arguments) ? value.arguments : undefined;
}

function quoted(name: string): string {
	const shown = name.length > AGENT_ARGUMENTS_CAPS.nameChars ? `${name.slice(0, AGENT_ARGUMENTS_CAPS.nameChars)}…` : name;
	return JSON.stringify(shown);
}

/**
 * `__BAD_ARGUMENT__` naming the arguments no parameter takes and the ones the tool does take, or
 * undefined when every argument is taken or either side is not known (a node run outside an MCP
 * call, or a workflow that does not set the parameters): then nothing is refused.
 */
export function undeclaredArguments(call: unknown, accepted: unknown): ErrorAnswer | undefined {
	const names = commaList(accepted);
	const args = sentArguments(call);
	if (names.length === 0 || args === undefined) return undefined;
	const extra = Object.keys(args).filter((key) => !names.includes(key));
	if (extra.length === 0) return undefined;
	const shown = extra.slice(0, AGENT_ARGUMENTS_CAPS.names).map(quoted).join(', ');
	const more = extra.length > AGENT_ARGUMENTS_CAPS.names ? ` and ${extra.length - AGENT_ARGUMENTS_CAPS.names} more` : '';
	return errorAnswer(
		'__BAD_ARGUMENT__',
		`This tool has no parameter ${shown}${more}; nothing was run. It takes: ${names.join(', ')}. Send the call again with only those.`,
	);
}
