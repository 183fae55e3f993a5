/**
 * Whether approval links on `publicUrl` cross a network in clear text. The page's form POSTs the
 * secret, so over plain http anyone between the person and n8n can read it and the page; only a
 * loopback host keeps it on the machine.
 */

/** Hosts that never leave the machine: localhost (and its subdomains), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** The host of a plain `http://` URL whose host is not loopback; undefined for https, loopback or no URL. */
export function plainHttpHost(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname) ? parsed.hostname : undefined;
}

export const PLAIN_HTTP_HINT = 'serve n8n over https (a reverse proxy with TLS in front of it), set approvals.publicUrl to its https URL, then generate and push again';

/** What push says about the config's approval links, if anything: one line. */
export function publicUrlNotice(publicUrl: string | undefined): string | undefined {
	const host = publicUrl === undefined ? undefined : plainHttpHost(publicUrl);
	if (!host) return undefined;
	return `note: approvals.publicUrl ${publicUrl} is plain http to ${host}: the approval secret the page's form sends crosses the network in clear text (lint HMT018); ${PLAIN_HTTP_HINT}`;
}
