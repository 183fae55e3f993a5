/** Creates: the create store with its columns (creates/). */
import { dataTableDrift } from '../../deploy/dataTables';
import { fail, ok, type DoctorCheck } from '../types';

export const createsCheck: DoctorCheck = {
	id: 'creates',
	title: 'creates',
	needs: ['creates'],
	async run(context) {
		const { table } = context.config.creates;
		const tables = context.desired.dataTables.filter((t) => t.name === table);
		const problems = await dataTableDrift(context.client, tables);
		if (problems.length > 0) {
			return fail(problems.join('; '), 'run `hermes-workflows push` (it creates the table); until then every create tool fails in n8n and creates nothing');
		}
		return ok(`table "${table}" has its columns`);
	},
};
