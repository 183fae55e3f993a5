import { PAGE_FIELDS } from '../approvalLink';
import { PLAIN_HTTP_HINT, plainHttpHost } from '../plainHttp';
import type { Rule, RuleHit } from '../types';
import { forEachString } from '../walk';

/** The start of an approval link as the gates write it: `'<publicUrl>/webhook/<path>?id='`. */
const LINK = /'(https?:\/\/[^'\s]+\/webhook\/[^'\s?#]+)\?id='/g;
/** What follows the id: the secret, in the fragment (or the query, as older gates wrote it). */
const SECRET = new RegExp(`'[#&]${PAGE_FIELDS.secret}='`);

export const approvalLinkPlainHttp: Rule = {
	code: 'HMT018',
	name: 'approval-link-plain-http',
	severity: 'warning',
	summary: 'An approval request links to the approval page over plain http on a host that is not this machine.',
	why: 'The approval page\'s form sends the secret that decides the request. Over plain http every network hop between the person and n8n can read it, decide in their place, or change the page they see. Only a loopback host (localhost, 127.0.0.1, ::1) keeps the request on the machine.',
	hint: PLAIN_HTTP_HINT.charAt(0).toUpperCase() + PLAIN_HTTP_HINT.slice(1) + '.',
	check({ workflow }) {
		const hits: RuleHit[] = [];
		for (const node of workflow.nodes) {
			forEachString(node.parameters, 'parameters', (text, path) => {
				if (!SECRET.test(text)) return;
				for (const [, url] of text.matchAll(LINK)) {
					const host = plainHttpHost(url);
					if (host) hits.push({ node: node.name, path, message: `the approval link ${url} is plain http to ${host}: the secret crosses the network in clear text` });
				}
			});
		}
		return hits;
	},
};
