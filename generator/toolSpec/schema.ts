/**
 * The shape of one MCP tool in a catalogue. Specs are plain object literals (data, not code)
 * so the importer can emit the same source back from a workflow; zod validates them at load.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, HERMES_ODOO, ODOO_DOMAIN_OPERATORS, ODOO_OPERATIONS, type GatewayContract, type GatewayName, type OdooDomainOperator, type OdooOperation } from '../contracts';
import { z } from 'zod';

import { HermesError } from '../errors';
import { MAX_TOOL_NAME_LENGTH } from '../lint/core';

/** `$fromAI` types (n8n accepts exactly these four). */
export const PARAM_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

const literal = z.union([z.string(), z.number(), z.boolean()]);
export type Literal = z.infer<typeof literal>;

/** Parameter keys are lower snake_case and fit n8n's `$fromAI` key rule (1-64 chars). */
export const PARAM_KEY = /^[a-z][a-z0-9_]{0,63}$/;

export const ParameterSpecSchema = z
	.object({
		key: z.string().regex(PARAM_KEY, 'lower snake_case, at most 64 characters'),
		type: z.enum(PARAM_TYPES),
		/** Carries the semantics: the MCP trigger shows only the name and these descriptions. */
		description: z.string().min(1),
		required: z.boolean(),
		/** Mandatory for optional parameters: becomes the 4th `$fromAI` argument. */
		default: literal.optional(),
		/** Value is sensitive (not logged/echoed by tooling). */
		sensitive: z.boolean().optional(),
	})
	.strict()
	.superRefine((p, ctx) => {
		if (p.required && p.default !== undefined) {
			ctx.addIssue({ code: 'custom', message: `required parameter "${p.key}" must not have a default` });
		}
		if (!p.required && p.default === undefined) {
			ctx.addIssue({ code: 'custom', message: `optional parameter "${p.key}" needs a default` });
		}
		if (p.default !== undefined && p.type !== 'json' && typeof p.default !== p.type) {
			ctx.addIssue({ code: 'custom', message: `default of "${p.key}" must be a ${p.type}` });
		}
		if (p.description.includes("'") || p.description.includes('\\')) {
			ctx.addIssue({ code: 'custom', message: `description of "${p.key}": no quotes or backslashes` });
		}
	});
export type ParameterSpec = z.infer<typeof ParameterSpecSchema>;

export { ODOO_OPERATIONS, type OdooOperation };

/** Domain operators: the Odoo node's own option values, plus `ilike` (passed through to Odoo), by the contract. */
export const FILTER_OPERATORS = Object.keys(ODOO_DOMAIN_OPERATORS) as [OdooDomainOperator, ...OdooDomainOperator[]];

/** A value bound either to an agent parameter or to a fixed literal. */
const binding = {
	param: z.string().regex(PARAM_KEY).optional(),
	value: literal.optional(),
};
function exactlyOne(b: { param?: string; value?: Literal }, ctx: z.RefinementCtx) {
	if ((b.param === undefined) === (b.value === undefined)) {
		ctx.addIssue({ code: 'custom', message: 'give exactly one of param or value' });
	}
}

export const OdooFilterSchema = z
	.object({ field: z.string().min(1), operator: z.enum(FILTER_OPERATORS), ...binding })
	.strict()
	.superRefine(exactlyOne);
export type OdooFilter = z.infer<typeof OdooFilterSchema>;

export const OdooWriteSchema = z
	.object({
		field: z.string().min(1),
		...binding,
		/** n8n expression used when the agent leaves the parameter empty (e.g. `false`, today). */
		fallback: z.string().min(1).optional(),
	})
	.strict()
	.superRefine(exactlyOne);
export type OdooWrite = z.infer<typeof OdooWriteSchema>;

/** "Update one field" tools: the agent names a field and a value; only `allowed` fields are written. */
export const FieldChoiceSchema = z
	.object({
		fieldParam: z.string().regex(PARAM_KEY),
		valueParam: z.string().regex(PARAM_KEY),
		allowed: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/)).min(1),
	})
	.strict();
export type FieldChoice = z.infer<typeof FieldChoiceSchema>;

export const OdooTargetSchema = z
	.object({
		kind: z.literal('odoo'),
		model: z.string().regex(/^[a-z][a-z0-9_.]*$/),
		operation: z.enum(ODOO_OPERATIONS),
		/** get/update/delete: the parameter holding the record id. */
		recordIdParam: z.string().regex(PARAM_KEY).optional(),
		/** get/getAll: the fields returned (`options.fieldsList`). */
		fieldsList: z.array(z.string()).optional(),
		/** getAll: search domain, combined with AND. */
		filters: z.array(OdooFilterSchema).optional(),
		/** getAll: the parameter holding the result limit. */
		limitParam: z.string().regex(PARAM_KEY).optional(),
		/** create/update: fixed or parameter-bound field values. */
		writes: z.array(OdooWriteSchema).optional(),
		/** update: one agent-chosen field out of an allow-list. */
		fieldChoice: FieldChoiceSchema.optional(),
	})
	.strict();
export type OdooTarget = z.infer<typeof OdooTargetSchema>;

export const GATEWAYS = GATEWAY_NAMES;
export type { GatewayName };

/** Typed inputs of each gateway sub-workflow, as the gateway node's contract names them. */
export const GATEWAY_INPUTS: Record<GatewayName, readonly string[]> = Object.fromEntries(
	GATEWAY_NAMES.map((gateway) => [gateway, Object.keys(GATEWAY_CONTRACTS[gateway].subWorkflowInputs)]),
) as unknown as Record<GatewayName, readonly string[]>;

export const GatewayInputSchema = z
	.object({
		input: z.string().min(1),
		...binding,
		/**
		 * Allow-list for a parameter-bound input: set on the gateway node as its allow-list
		 * setting, so the node refuses any other value (`__BAD_ACTION__`) and e.g. docker_read
		 * cannot restart a stack. Only inputs whose node holds such a setting may have one.
		 */
		allowed: z.array(z.string().min(1)).min(1).optional(),
	})
	.strict()
	.superRefine(exactlyOne);
export type GatewayInput = z.infer<typeof GatewayInputSchema>;

export const GatewayTargetSchema = z
	.object({
		kind: z.literal('gateway'),
		gateway: z.enum(GATEWAYS as [GatewayName, ...GatewayName[]]),
		/** Inputs not listed are sent as empty strings. */
		inputs: z.array(GatewayInputSchema).min(1),
	})
	.strict();
export type GatewayTarget = z.infer<typeof GatewayTargetSchema>;

export const ToolSpecSchema = z
	.object({
		/** MCP tool name = n8n node name: `^[a-z][a-z0-9_]*$` so n8n's mangling leaves it unchanged. */
		name: z.string().regex(new RegExp(`^[a-z][a-z0-9_]{0,${MAX_TOOL_NAME_LENGTH - 1}}$`)),
		description: z.string().min(1),
		/** Destructive: the agent must ask for confirmation (system prompt); listed in the manifest. */
		sensitive: z.boolean(),
		/**
		 * Reads only, changes nothing: the agent's client may run it without asking (MCP's
		 * readOnlyHint); the server instructions list the others. Checked against the operations
		 * the tool can run.
		 */
		readOnly: z.boolean(),
		target: z.discriminatedUnion('kind', [OdooTargetSchema, GatewayTargetSchema]),
		parameters: z.array(ParameterSpecSchema).min(1),
	})
	.strict()
	.superRefine((tool, ctx) => {
		const keys = tool.parameters.map((p) => p.key);
		const dup = keys.find((k, i) => keys.indexOf(k) !== i);
		if (dup) ctx.addIssue({ code: 'custom', message: `duplicate parameter "${dup}"` });
		for (const ref of referencedParams(tool.target)) {
			if (!keys.includes(ref)) {
				ctx.addIssue({ code: 'custom', message: `target uses undeclared parameter "${ref}"` });
			}
		}
		for (const key of keys) {
			if (!referencedParams(tool.target).includes(key)) {
				ctx.addIssue({ code: 'custom', message: `parameter "${key}" is not used by the target` });
			}
		}
		if (tool.target.kind === 'gateway') {
			const known = GATEWAY_INPUTS[tool.target.gateway];
			for (const i of tool.target.inputs) {
				if (!known.includes(i.input)) {
					ctx.addIssue({ code: 'custom', message: `${tool.target.gateway} gateway has no input "${i.input}"` });
				}
			}
		}
		if (tool.sensitive && !/sensitive/i.test(tool.description)) {
			ctx.addIssue({ code: 'custom', message: 'a sensitive tool must say so in its description' });
		}
		const changing = tool.readOnly ? changingOperations(tool.target) : [];
		if (changing.length > 0) {
			const reads = toolOperations(tool.target).contract.readOperations;
			const gateway = tool.target.kind === 'odoo' ? 'odoo' : tool.target.gateway;
			ctx.addIssue({ code: 'custom', path: ['readOnly'], message: `declared readOnly, but its ${gateway} operation ${changing.map((o) => `'${o}'`).join(', ')} changes things: set readOnly: false, or limit the operation to ${reads.map((o) => `'${o}'`).join(', ') || 'none'}` });
		}
	});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

/**
 * The node contract a tool runs on and the operations of it the tool can run: an Odoo tool its one
 * operation (the Hermes Odoo node's names, which n8n's Odoo node shares); a gateway tool the value
 * of the input that picks the operation, or its allow-list, or every operation when the agent may
 * pick any.
 */
export function toolOperations(target: OdooTarget | GatewayTarget): { contract: GatewayContract; operations: readonly string[] } {
	if (target.kind === 'odoo') return { contract: HERMES_ODOO, operations: [target.operation] };
	const contract = GATEWAY_CONTRACTS[target.gateway];
	const picker = Object.entries(contract.subWorkflowInputs).find(([, roles]) => (roles as readonly string[]).includes('operation'))?.[0];
	const input = target.inputs.find((i) => i.input === picker);
	const operations = input?.value !== undefined ? [String(input.value)] : (input?.allowed ?? contract.operations);
	return { contract, operations };
}

/** The operations a target can run that change things. */
function changingOperations(target: OdooTarget | GatewayTarget): string[] {
	const { contract, operations } = toolOperations(target);
	return operations.filter((operation) => !contract.readOperations.includes(operation));
}

/** Whether every operation a target can run only reads: what an importer declares as `readOnly`. */
export function readsOnly(target: OdooTarget | GatewayTarget): boolean {
	return changingOperations(target).length === 0;
}

/** Every parameter key a target refers to. */
export function referencedParams(target: OdooTarget | GatewayTarget): string[] {
	const refs: Array<string | undefined> = [];
	if (target.kind === 'odoo') {
		refs.push(target.recordIdParam, target.limitParam);
		for (const f of target.filters ?? []) refs.push(f.param);
		for (const w of target.writes ?? []) refs.push(w.param);
		if (target.fieldChoice) refs.push(target.fieldChoice.fieldParam, target.fieldChoice.valueParam);
	} else {
		for (const i of target.inputs) refs.push(i.param);
	}
	return [...new Set(refs.filter((r): r is string => r !== undefined))];
}

/** A zod issue path as a reader writes it: `parameters[2].default`. */
export function fieldPath(path: ReadonlyArray<string | number>): string {
	return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

/** What a catalogue author writes (zod input: optional keys may be left out). */
export type ToolDefinition = z.input<typeof ToolSpecSchema>;

export class CatalogueError extends HermesError {
	constructor(readonly problems: string[]) {
		super(
			`Invalid catalogue:\n  ${problems.join('\n  ')}`,
			'fix each field named above (file: tool: field); docs/catalogue.md lists the rules',
			'catalogue',
		);
	}
}

/**
 * Validates a whole catalogue: each spec, and unique tool names. `files[i]` names where tool i
 * was written, so every problem says file, tool and field. Throws a CatalogueError.
 */
export function validateCatalogue(tools: readonly unknown[], files: ReadonlyArray<string | undefined> = []): ToolSpec[] {
	const problems: string[] = [];
	const parsed: ToolSpec[] = [];
	const where = (index: number) => (files[index] ? `${files[index]}: ` : '');
	tools.forEach((tool, index) => {
		const result = ToolSpecSchema.safeParse(tool);
		const name = (tool as { name?: unknown })?.name;
		const label = typeof name === 'string' && name ? `tool "${name}"` : `tool #${index + 1}`;
		if (result.success) parsed.push(result.data);
		else
			for (const issue of result.error.issues) {
				problems.push(`${where(index)}${label}: ${fieldPath(issue.path) || '(tool)'}: ${issue.message}`);
			}
	});
	const seen = new Map<string, number>();
	tools.forEach((tool, index) => {
		const name = (tool as { name?: unknown })?.name;
		if (typeof name !== 'string') return;
		const first = seen.get(name);
		if (first === undefined) seen.set(name, index);
		else problems.push(`${where(index)}tool "${name}": name: duplicate tool name (first defined ${files[first] ? `in ${files[first]}` : `as tool #${first + 1}`})`);
	});
	if (problems.length > 0) throw new CatalogueError(problems);
	return parsed;
}
