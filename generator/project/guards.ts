/** Every guarded call, in the order generate writes and push makes their workflows. */
import { approvalGuard } from '../approvals/guard';
import { createOnceGuard } from '../creates/guard';
import type { ToolPlan } from '../plan';
import type { Guard } from '../dataTables/guard';

export const GUARDS: readonly Guard[] = [approvalGuard, createOnceGuard];

/** The guard a plan's toolWorkflow calls; undefined for a tool the trigger reaches as it is. */
export const guardOf = (plan: ToolPlan): Guard | undefined => GUARDS.find((guard) => guard.wiring === plan.wiring);
