/** Creates: the create store and its lock table, with a row per create-once workflow (creates/). */
import { dataTableDrift } from '../../deploy/dataTables';
import { fail, ok, type DoctorCheck } from '../types';

export const createsCheck: DoctorCheck = {
	id: 'creates',
	title: 'creates',
	needs: ['creates'],
	async run(context) {
		const { table, lockTable } = context.config.creates;
		const tables = context.desired.dataTables.filter((t) => t.name === table || t.name === lockTable);
		const problems = await dataTableDrift(context.client, tables);
		if (problems.length > 0) {
			return fail(problems.join('; '), 'run `hermes-workflows push` (it creates the tables and the lock rows); until then every create tool answers __UNAVAILABLE__ (misconfigured) and creates nothing');
		}
		return ok(`table "${table}" has its columns and "${lockTable}" a row per create tool`);
	},
};
