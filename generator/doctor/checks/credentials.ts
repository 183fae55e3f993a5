/** The credentials the config names exist in n8n under exactly these names, with the types the nodes need. */
import { credentialTypeText } from '../../contracts';
import { liveCredentials } from '../../deploy/resolve';
import { CredentialIndex, credentialReferences } from '../../deploy/wiring';
import { fail, ok, warn, type DoctorCheck } from '../types';

export const credentialsCheck: DoctorCheck = {
	id: 'credentials',
	title: 'credentials',
	needs: [],
	async run(context) {
		const wanted = new Map<string, { type: string; name: string }>();
		for (const item of context.desired.workflows) {
			for (const ref of credentialReferences(item.body)) wanted.set(`${ref.type}/${ref.name}`, { type: ref.type, name: ref.name });
		}
		const live = await liveCredentials(context.client, true);
		if (!live) return warn('this API key may not list credentials: not checked', 'use an owner or admin API key (scope credential:list) to have them checked');
		const index = new CredentialIndex(live);
		const problems: string[] = [];
		for (const { type, name } of wanted.values()) {
			const { found, ambiguous } = index.lookup(type, name);
			if (found) continue;
			if (ambiguous) problems.push(`${ambiguous.length} credentials of type ${credentialTypeText(type)} are named "${name}" (ids ${ambiguous.join(', ')})`);
			else {
				const other = live.filter((c) => c.name === name).map((c) => c.type);
				problems.push(other.length > 0 ? `"${name}" is of type ${other.map(credentialTypeText).join(', ')}, the nodes need ${credentialTypeText(type)}` : `"${name}" of type ${credentialTypeText(type)} is not in n8n`);
			}
		}
		if (problems.length > 0) {
			return fail(problems.join('; '), 'create them in n8n (Credentials > Add credential) under these names and types, rename the extra ones, or name existing ones in the config\'s "credentials"');
		}
		return ok(`${wanted.size} credentials exist with the right types: ${[...wanted.values()].map((c) => `"${c.name}" (${c.type})`).join(', ')}`);
	},
};
