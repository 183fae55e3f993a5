import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Hosts on the n8n host's own network (SSRF targets: cloud metadata, n8n itself, the LAN).
 * Judged on the WHATWG-normalised hostname, which already turns 2130706433, 0x7f.1 or 0177.0.0.1
 * into 127.0.0.1 and IPv6 into its compressed form in brackets. Names are not resolved.
 */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
	['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
	['10.0.0.0', 8],
	['100.64.0.0', 10], // carrier-grade NAT
	['127.0.0.0', 8],
	['169.254.0.0', 16], // link-local, cloud metadata
	['172.16.0.0', 12],
	['192.168.0.0', 16],
] as const) {
	PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
	['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
	['fc00::', 7], // unique-local
	['fe80::', 10], // link-local
] as const) {
	PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** BlockList matches IPv4-mapped IPv6 (::ffff:a.b.c.d) against the IPv4 ranges itself. */
export function isPrivateHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.+$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return true;
	if (isIPv4(host)) return PRIVATE_RANGES.check(host, 'ipv4');
	const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
	if (isIPv6(bare)) return PRIVATE_RANGES.check(bare, 'ipv6');
	return false;
}
