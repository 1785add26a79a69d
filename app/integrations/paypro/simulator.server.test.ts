import { describe, expect, it } from 'vitest'
import { nextPayproId } from './simulator.server'

describe('PayPro simulator ids', () => {
	it('never repeats, even for thousands drawn in the same millisecond', () => {
		const ids = Array.from({ length: 10_000 }, nextPayproId)
		expect(new Set(ids).size).toBe(ids.length)
		for (const id of ids) expect(id).toMatch(/^\d{16,}$/)
	})
})
