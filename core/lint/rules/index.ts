import { approvalLinkPlainHttp } from './approvalLinkPlainHttp';
import { connectionUnknownNode } from './connectionUnknownNode';
import { disabledToolWired } from './disabledToolWired';
import { fromAiConflict } from './fromAiConflict';
import { fromAiMalformed } from './fromAiMalformed';
import { fromAiNotExpression } from './fromAiNotExpression';
import { manifestOutOfSync } from './manifestOutOfSync';
import { mcpInstructionsTooLong } from './mcpInstructionsTooLong';
import { mcpTriggerNoAuth } from './mcpTriggerNoAuth';
import { mcpTriggerNoInstructions } from './mcpTriggerNoInstructions';
import { mcpTriggerNoWebhookId } from './mcpTriggerNoWebhookId';
import { optionalWithoutDefault } from './optionalWithoutDefault';
import { secretInParameters } from './secretInParameters';
import { sensitiveToolUngated } from './sensitiveToolUngated';
import { toolMisrouted } from './toolMisrouted';
import { toolNameDuplicate } from './toolNameDuplicate';
import { toolNameInvalid } from './toolNameInvalid';
import { toolNameTooLong } from './toolNameTooLong';
import { toolWorkflowEmptySchema } from './toolWorkflowEmptySchema';
import { toolWorkflowNoFromAi } from './toolWorkflowNoFromAi';
import type { Rule } from '../types';

/** Every rule, in code order. Codes are stable: a retired rule keeps its code unused. */
export const RULES: readonly Rule[] = [
	disabledToolWired,
	toolMisrouted,
	toolNameDuplicate,
	toolNameInvalid,
	toolNameTooLong,
	fromAiMalformed,
	fromAiConflict,
	optionalWithoutDefault,
	toolWorkflowEmptySchema,
	toolWorkflowNoFromAi,
	mcpTriggerNoAuth,
	mcpTriggerNoWebhookId,
	manifestOutOfSync,
	secretInParameters,
	connectionUnknownNode,
	fromAiNotExpression,
	sensitiveToolUngated,
	approvalLinkPlainHttp,
	mcpTriggerNoInstructions,
	mcpInstructionsTooLong,
];
