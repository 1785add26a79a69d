import { describe, expect, it } from 'vitest'
import { formatRs, parsePriceText } from '../../utils/money'
import { DEFAULT_DURATIONS } from '../catalogue/types'
import { linePrice, orderTotal } from './line-price'
import { durationsOf, twoMonthSaving } from './product-options'

describe('line price (§9)', () => {
	it('uses the denomination price first, then the duration price, then the price text', () => {
		expect(linePrice({ price: 'Rs. 1,200', quantity: 1, selectedDuration: { price: 2200 }, selectedDenomination: { price: 6000 } })).toBe(6000)
		expect(linePrice({ price: 'Rs. 1,200', quantity: 1, selectedDuration: { price: 2200 } })).toBe(2200)
		expect(linePrice({ price: 'Rs. 1,200', quantity: 1 })).toBe(1200)
	})

	it('totals price times quantity', () => {
		expect(orderTotal([{ price: 'Rs. 1,200', quantity: 3 }, { price: 500, quantity: 2, selectedDuration: { price: 2200 } }])).toBe(3600 + 4400)
	})

	it('strips every non-digit from price text and formats rupees with grouping', () => {
		expect(parsePriceText('Rs. 11,500')).toBe(11500)
		expect(parsePriceText('')).toBe(0)
		expect(formatRs(1200)).toBe('Rs. 1,200')
		expect(formatRs(115000)).toBe('Rs. 115,000')
		expect(formatRs(0)).toBe('Rs. 0')
		expect(formatRs(999)).toBe('Rs. 999')
		expect(formatRs(1000)).toBe('Rs. 1,000')
		expect(formatRs(1234567)).toBe('Rs. 1,234,567')
		expect(formatRs(2400.5)).toBe('Rs. 2,401')
		expect(formatRs(-1500)).toBe('Rs. -1,500')
	})
})

describe('product options', () => {
	it('saves twice the one-month price minus the two-month price when positive', () => {
		expect(twoMonthSaving([{ months: 1, price: 4000, label: '1 Month' }, { months: 2, price: 5000, label: '2 Months' }])).toEqual({ saving: 3000, doubled: 8000 })
		expect(twoMonthSaving(DEFAULT_DURATIONS)).toEqual({ saving: 200, doubled: 2400 })
		expect(twoMonthSaving([{ months: 1, price: 1000, label: '1 Month' }, { months: 2, price: 2000, label: '2 Months' }])).toBeNull()
		expect(twoMonthSaving(null)).toBeNull()
	})

	it('sells by duration only what has durations of its own: no product is a subscription by its id', () => {
		expect(durationsOf({ durations: DEFAULT_DURATIONS })).toEqual(DEFAULT_DURATIONS)
		expect(durationsOf({ durations: null })).toBeNull()
		expect(durationsOf({ durations: [] })).toBeNull()
	})
})
