/**
 * Every workflow that calls a generated sub-workflow is in its caller list, this config's and any
 * other (another config's tool workflow under the same gateway names): n8n refuses an unlisted
 * caller with "The sub-workflow (...) cannot be called by this workflow".
 */
import { admitsListedCallersOnly, canonicalCallerIds } from '../../deploy/callers';
import { callsWorkflow, describeCallers } from '../../deploy/outsideCallers';
import { fail, ok, type DoctorCheck } from '../types';

export const callersCheck: DoctorCheck = {
	id: 'callers',
	title: 'caller lists',
	needs: [],
	async run(context) {
		const { entries } = await context.drift();
		const all = (await context.allWorkflows()).filter((w) => w.isArchived !== true);
		const ours = new Set(context.desired.workflows.map((w) => w.body.name));
		const problems: string[] = [];
		let subWorkflows = 0;
		let callers = 0;
		let outside = 0;
		for (const entry of entries) {
			const live = entry.live;
			if (!live || !admitsListedCallersOnly(live)) continue;
			subWorkflows++;
			const listed = new Set(canonicalCallerIds(live.settings?.callerIds).split(','));
			const calling = all.filter((w) => w.id !== live.id && callsWorkflow(w, live.id));
			callers += calling.length;
			outside += calling.filter((w) => !ours.has(w.name)).length;
			const missing = calling.filter((w) => !listed.has(w.id));
			if (missing.length > 0) {
				problems.push(`"${entry.name}" (id ${live.id}) does not list ${describeCallers(missing.map((w) => ({ id: w.id, name: w.name, listed: false })))}`);
			}
		}
		if (problems.length > 0) {
			return fail(
				`n8n refuses these callers ("cannot be called by this workflow"): ${problems.join('; ')}`,
				'run `hermes-workflows push` for this config (it lists its callers and keeps the listed ones outside it); a caller from another config: push that config too, or add its id under the sub-workflow\'s settings in n8n (This workflow can be called by)',
			);
		}
		return ok(`${subWorkflows} sub-workflows list all ${callers} workflows that call them (${outside} outside this config)`);
	},
};
