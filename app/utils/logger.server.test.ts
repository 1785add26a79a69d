import { describe, expect, it } from 'vitest'
import { loggedUrl } from './logger.server'

describe('the request log', () => {
	it('leaves out what staff searched for (a buyer’s email, name or phone), keeping the rest of the address', () => {
		expect(loggedUrl('/admin/customers?q=sara%40example.pk&sort=last')).toBe('/admin/customers?q=[search]&sort=last')
		expect(loggedUrl('/api/admin/customers?sort=spend&q=0300+1234567')).toBe('/api/admin/customers?sort=spend&q=[search]')
		expect(loggedUrl('/admin-dashboard?Q=ali')).toBe('/admin-dashboard?Q=[search]')
		expect(loggedUrl('/admin/customers/12')).toBe('/admin/customers/12')
		expect(loggedUrl('/api/order?internalOrderId=x')).toBe('/api/order?internalOrderId=x')
		expect(loggedUrl(undefined)).toBeUndefined()
	})
})
