import { describe, expect, it } from 'vitest'
import { currentRequestId, requestIdFor, withRequestId } from './request-context.server'

describe('the request id', () => {
	it('keeps a sane id a proxy sent, and makes a new one for anything else', () => {
		expect(requestIdFor('req-7f3a9c21.edge:1')).toBe('req-7f3a9c21.edge:1')
		expect(requestIdFor(['a1b2c3d4e5', 'other'])).toBe('a1b2c3d4e5')
		const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
		for (const bad of [undefined, '', 'short', 'x'.repeat(65), 'has space 12345', 'new\nline12345', '<script>alert(1)</script>', 'ümlaut-12345']) {
			expect(requestIdFor(bad)).toMatch(uuid)
		}
		expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined))
	})

	it('is known to everything the request runs, across awaits and timers, and to nothing outside it', async () => {
		expect(currentRequestId()).toBeNull()
		const seen = await withRequestId('order-request-1', async () => {
			await new Promise((resolve) => setTimeout(resolve, 1))
			return Promise.all([currentRequestId(), withRequestId('inner-request-2', () => currentRequestId())])
		})
		expect(seen).toEqual(['order-request-1', 'inner-request-2'])
		expect(currentRequestId()).toBeNull()
	})
})
