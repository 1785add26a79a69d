import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT, safeRedirect } from './safe-redirect'

const ORIGIN = 'https://shop.example'

describe('safeRedirect', () => {
	// What the login page receives after the query string is decoded.
	it.each([
		['a tab before another host (/%09/evil.example/x)', '/\t/evil.example/x'],
		['a protocol-relative address', '//evil'],
		['a protocol-relative address with a backslash', '/\\evil'],
		['a backslash later in the path', '/admin\\..\\\\evil'],
		['a line feed (/%0A/x)', '/\n/x'],
		['a carriage return (/%0D/x)', '/\r/x'],
		['NUL', '/admin\u0000'],
		['DEL', '/admin\u007f'],
		['an absolute https address', 'https://evil'],
		['an absolute address on the shop’s own host', 'https://shop.example/admin-dashboard'],
		['javascript:', 'javascript:alert(1)'],
		['data:', 'data:text/html,<script>alert(1)</script>'],
		['a relative path', 'admin-dashboard'],
		['dot segments that resolve to //evil', '/a/..//evil'],
		['a very long path', '/' + 'a'.repeat(5000)],
		['an empty value', ''],
		['nothing', null],
		['undefined', undefined],
	])('refuses %s', (_name, to) => {
		expect(safeRedirect(to, ORIGIN)).toBe(DEFAULT_REDIRECT)
	})

	it.each([
		['/admin/orders/GV-1001', '/admin/orders/GV-1001'],
		['/admin-dashboard?status=pending&q=ali', '/admin-dashboard?status=pending&q=ali'],
		['/admin/settings#keys', '/admin/settings#keys'],
		['/admin/../admin/inbox', '/admin/inbox'],
		['/%2F%2Fevil', '/%2F%2Fevil'],
	])('keeps the same-origin path %s', (to, expected) => {
		expect(safeRedirect(to, ORIGIN)).toBe(expected)
	})

	it('uses the fallback it is given', () => {
		expect(safeRedirect('//evil', ORIGIN, '/admin/security')).toBe('/admin/security')
	})
})
