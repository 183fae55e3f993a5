/** A sub-workflow this config and another both generate, differently: the last push wins for both. */
import { fail, ok, type DoctorCheck } from '../types';

export const sharedNamesCheck: DoctorCheck = {
	id: 'shared-names',
	title: 'sub-workflows shared with other configs',
	needs: [],
	async run(context) {
		const { conflicts, entries } = await context.drift();
		if (conflicts.length > 0) return fail(conflicts.map((c) => c.message).join('; '), conflicts[0].fix);
		const shared = entries.filter((e) => e.outsideCallers.length > 0).length;
		return ok(
			shared > 0
				? `${shared} sub-workflows are also called from outside this config, and equal what this config generates`
				: 'no sub-workflow of this config is called from outside it',
		);
	},
};
