import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './network-address'

describe('an address out on the internet', () => {
	it('is a public IPv4 or global IPv6 address, also written IPv4-mapped', () => {
		for (const a of ['8.8.8.8', '142.250.181.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true)
	})

	it('is never loopback, private, CGNAT, link-local, multicast, reserved, unspecified, nor those mapped into IPv6; nor a name', () => {
		for (const a of [
			'127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1',
			'::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', '2002:7f00:1::1', '2001:0:4136:e378::1', '64:ff9b::7f00:1', '::127.0.0.1',
			'::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', '::ffff:100.64.0.1',
			'fcm.googleapis.com', 'localhost', '', 'fe80::1%eth0',
		]) {
			expect(isPublicAddress(a), a).toBe(false)
		}
	})
})
