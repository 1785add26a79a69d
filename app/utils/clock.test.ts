import { afterEach, describe, expect, it, vi } from 'vitest'
import { moveClockForTests, now, nowMs, resetClockForTests } from './clock'

describe('the shop clock', () => {
	afterEach(() => {
		vi.unstubAllEnvs()
		resetClockForTests()
	})

	it('is the system clock until a test moves it, and moves by exactly what the test says', () => {
		expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50)
		const before = now().getTime()
		moveClockForTests(90_000)
		expect(nowMs() - before).toBeGreaterThanOrEqual(90_000)
		expect(nowMs() - before).toBeLessThan(90_000 + 50)
		resetClockForTests()
		expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50)
	})

	it('cannot be moved outside tests', () => {
		vi.stubEnv('NODE_ENV', 'production')
		expect(() => moveClockForTests(1)).toThrow('The clock can be moved in tests only (NODE_ENV=test).')
		expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50)
	})
})
