/** Each generated workflow exists under its exact name, is published, and equals the generated one (diff, summarised). */
import { fail, ok, type DoctorCheck } from '../types';

export const workflowsCheck: DoctorCheck = {
	id: 'workflows',
	title: 'generated workflows',
	needs: [],
	async run(context) {
		const { entries } = await context.drift();
		const problems = entries
			.filter((e) => e.findings.length > 0)
			.map((e) => {
				const more = e.findings.length > 2 ? `; ${e.findings.length - 2} more` : '';
				return `"${e.name}"${e.id ? ` (id ${e.id})` : ''}: ${e.findings.slice(0, 2).join('; ')}${more}`;
			});
		if (problems.length > 0) {
			return fail(
				`${problems.length} of ${entries.length} workflows are missing, unpublished or not what this config generates: ${problems.join(' | ')}`,
				'run `hermes-workflows push` (it creates, updates and publishes them); `hermes-workflows diff` lists every difference',
			);
		}
		return ok(`${entries.length} workflows exist under their exact names, are published and equal the generated ones`);
	},
};
