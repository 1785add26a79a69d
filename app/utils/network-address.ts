import net from 'node:net'

// Which network addresses are out on the internet, as opposed to the shop's own network or nowhere:
// what the shop may connect to when a stranger chose the name (a push endpoint). Loopback, private,
// shared (CGNAT), link-local (cloud metadata), multicast, reserved, documentation and unspecified
// ranges are not, in IPv4, in IPv6 and in IPv6's IPv4-mapped form.

const notPublicV4 = new net.BlockList()
for (const [prefix, bits] of [
	['0.0.0.0', 8], // "this network", unspecified
	['10.0.0.0', 8], // private
	['100.64.0.0', 10], // shared address space (CGNAT)
	['127.0.0.0', 8], // loopback
	['169.254.0.0', 16], // link-local (cloud metadata)
	['172.16.0.0', 12], // private
	['192.0.0.0', 24], // protocol assignments
	['192.0.2.0', 24], // documentation
	['192.88.99.0', 24], // 6to4 relay
	['192.168.0.0', 16], // private
	['198.18.0.0', 15], // benchmarking
	['198.51.100.0', 24], // documentation
	['203.0.113.0', 24], // documentation
	['224.0.0.0', 4], // multicast
	['240.0.0.0', 4], // reserved, broadcast
] as const) {
	notPublicV4.addSubnet(prefix, bits, 'ipv4')
}

// IPv6: only global unicast (2000::/3) is out on the internet; loopback, unspecified, IPv4-mapped
// and -compatible forms, NAT64, unique local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8)
// all lie outside it. Inside it, the ranges that carry or stand for other addresses are refused too.
const globalV6 = new net.BlockList()
globalV6.addSubnet('2000::', 3, 'ipv6')
const notPublicV6 = new net.BlockList()
for (const [prefix, bits] of [
	['2001::', 32], // Teredo (carries an IPv4 address)
	['2001:2::', 48], // benchmarking
	['2001:10::', 28], // ORCHID
	['2001:db8::', 32], // documentation
	['2002::', 16], // 6to4 (carries an IPv4 address)
	['3fff::', 20], // documentation
] as const) {
	notPublicV6.addSubnet(prefix, bits, 'ipv6')
}
const mappedV4 = new net.BlockList()
mappedV4.addSubnet('::ffff:0:0', 96, 'ipv6')

/** True only for an IP address out on the public internet; anything else (a name, garbage) is false. */
export function isPublicAddress(address: string): boolean {
	const family = net.isIP(address)
	if (family === 4) return !notPublicV4.check(address, 'ipv4')
	if (family !== 6) return false
	// ::ffff:a.b.c.d is the IPv4 address a.b.c.d: judged by IPv4's ranges (BlockList matches the mapped form).
	if (mappedV4.check(address, 'ipv6')) return !notPublicV4.check(address, 'ipv6')
	return globalV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6')
}
