import { describe, expect, it } from 'vitest'
import { readTypedAmount, typedRupees } from './typed-amount'

describe('an amount as the owner types it', () => {
	it.each([
		['20%', 20, 'percent'],
		['20 %', 20, 'percent'],
		['٢٠٪', 20, 'percent'],
		['15 percent', 15, 'percent'],
		['Rs. 500', 500, 'rupees'],
		['Rs 1,500', 1500, 'rupees'],
		['rs.1500', 1500, 'rupees'],
		['PKR 500', 500, 'rupees'],
		['500 rupees', 500, 'rupees'],
		['1,500/-', 1500, 'rupees'],
		['Rs. ۴,۰۰۰', 4000, 'rupees'],
		['US$ 4.99', 4.99, 'dollars'],
		['4.99 USD', 4.99, 'dollars'],
		['1,500', 1500, null],
		[' 500 ', 500, null],
		['۵۰۰', 500, null],
	])('reads %j as %d (%s)', (typed, amount, unit) => {
		expect(readTypedAmount(typed)).toEqual({ ok: true, amount, unit })
	})

	it.each(['', 'twenty', '20%%', 'Rs.', '%', '1.2.3', '-5', '5e3', 'Rs. 500 rupees', '1'.repeat(41)])('refuses %j', (typed) => {
		expect(readTypedAmount(typed)).toEqual({ ok: false })
	})

	it('gives whole rupees only where rupees were meant', () => {
		expect(typedRupees('Rs. 1,500')).toBe(1500)
		expect(typedRupees('750')).toBe(750)
		expect(typedRupees(750)).toBe(750)
		expect(typedRupees('20%')).toBeNull()
		expect(typedRupees('US$ 5')).toBeNull()
		expect(typedRupees('99.5')).toBeNull()
	})
})
