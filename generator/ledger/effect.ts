/**
 * What a call changed, where its answer names it: the vault commit and note, the Odoo record,
 * the compose stack and action, the approval and its step. One short text per call, so the
 * ledger links a call to its effect without a second store.
 */
import { answerItem, type CallOutcome } from './outcome';
import type { ToolPlan } from '../plan';

export interface CallEffect {
	kind: 'vault' | 'odoo' | 'docker' | 'approval';
	/** `commit 1a2b3c4 projects/x.md`, `crm.lead 42 create`, `blog restart`, `approval 7f.. requested`. */
	text: string;
	/** An approval's step: what the metrics count. */
	step?: ApprovalStep;
}

export const APPROVAL_STEPS = ['requested', 'denied', 'invalid', 'approved'] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

const WRITES: ReadonlySet<string> = new Set(['create', 'update', 'delete']);
const field = (item: Record<string, unknown>, key: string): string | undefined => {
	const value = item[key];
	return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** The approval step a call is: a request, a denial or a refused id, or the approved call that ran. */
function approvalEffect(args: Record<string, unknown>, item: Record<string, unknown>, outcome: CallOutcome): CallEffect | undefined {
	const id = field(item, 'approval_id') ?? field(args, 'approval_id');
	if (id === undefined) return undefined;
	const steps: Record<string, ApprovalStep> = { __APPROVAL_REQUIRED__: 'requested', __APPROVAL_DENIED__: 'denied', __APPROVAL_INVALID__: 'invalid' };
	// An approved call carries its approval_id and runs; whatever it answers, the approval was used.
	const step = outcome.class === 'approval' ? (outcome.marker ? steps[outcome.marker] : undefined) : 'approved';
	if (step === undefined) return undefined;
	const text = step !== 'approved' ? step : outcome.class === 'success' ? 'approved, ran' : 'approved, failed';
	return { kind: 'approval', text: `approval ${id} ${text}`, step };
}

export function effectOf(plan: ToolPlan | undefined, args: Record<string, unknown>, answer: unknown, outcome: CallOutcome): CallEffect[] {
	const raw = answerItem(answer);
	const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
	const effects: CallEffect[] = [];
	const approval = approvalEffect(args, item, outcome);
	if (approval) effects.push(approval);
	if (outcome.class !== 'success' || !plan) return effects;
	const target = plan.odoo;
	if (target) {
		if (!WRITES.has(target.operation)) return effects;
		const id = target.operation === 'create' ? field(item, 'id') : target.recordIdParam ? field(args, target.recordIdParam) : undefined;
		// A create sent again answers the first one's record and writes nothing (creates/).
		const done = item.replayed === true ? `${target.operation} replayed` : target.operation;
		effects.push({ kind: 'odoo', text: `${target.model} ${id ?? '?'} ${done}` });
	} else if (plan.gateway === 'vault' && field(item, 'commit') !== undefined) {
		effects.push({ kind: 'vault', text: `commit ${(field(item, 'commit') ?? '').slice(0, 12)} ${field(item, 'path') ?? ''}`.trim() });
	} else if (plan.gateway === 'docker' && field(item, 'stack') !== undefined && field(item, 'output') !== undefined) {
		effects.push({ kind: 'docker', text: `${field(item, 'stack')} ${field(item, 'action') ?? ''}`.trim() });
	}
	return effects;
}
