/** What push says about `approvals.publicUrl`; the judgement of a URL is the lint core's (HMT018 uses it too). */
import { PLAIN_HTTP_HINT, plainHttpHost } from '../lint/core';

export { isLoopbackHost, PLAIN_HTTP_HINT, plainHttpHost } from '../lint/core';

/** What push says about the config's approval links, if anything: one line. */
export function publicUrlNotice(publicUrl: string | undefined): string | undefined {
	const host = publicUrl === undefined ? undefined : plainHttpHost(publicUrl);
	if (!host) return undefined;
	return `note: approvals.publicUrl ${publicUrl} is plain http to ${host}: the approval secret the page's form sends crosses the network in clear text (lint HMT018); ${PLAIN_HTTP_HINT}`;
}
