/**
 * Whether a URL crosses a network in clear text. An approval page's form POSTs the secret, so
 * over plain http anyone between the person and n8n can read it and the page; only a loopback
 * host keeps it on the machine. Rule HMT018 and push's notice about `approvals.publicUrl` both
 * judge URLs with it.
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
