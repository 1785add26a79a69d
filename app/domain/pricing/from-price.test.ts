import { describe, expect, it } from 'vitest'
import { catalogueProducts as products, seededView } from '../../db/seed/catalogue'
import { optionLabel } from '../../i18n/option-label'
import { translator } from '../../i18n/messages.server'
import { summarise } from '../catalogue/list-products.server'
import { fromPrice } from './from-price'
import { choicesOf } from './price-of'

const byTerms = (terms: string) => products.find((p) => p.termsPage === terms)!
/** The “from” price with what it buys, as an English page says it. */
const said = (from: ReturnType<typeof fromPrice>) => from && { ...from, choice: from.choice && optionLabel(translator('en'), from.choice) }

describe('the “from” price', () => {
	it('is the lowest price a buyer can pay: the console Game Pass from its 1-month shared account, Rs. 2,700', () => {
		expect(said(fromPrice(byTerms('game-pass-console')))).toEqual({ price: 2700, isFrom: true, choice: '1 Month · Shared account' })
		expect(said(fromPrice(byTerms('game-pass-pc')))).toEqual({ price: 1200, isFrom: true, choice: '1 Month' })
	})

	it('is, for every product, the cheapest of every combination sold, and the card shows the same', () => {
		for (const p of products) {
			const from = fromPrice(p)!
			expect(from.price, p.name).toBe(Math.min(...choicesOf(p).map((c) => c.price)))
			expect(summarise(p).price, p.name).toBe(from.price)
		}
	})

	it('follows the prices: without shared accounts the console Game Pass is from its 1-month price', () => {
		const consoleGamePass = byTerms('game-pass-console')
		const withoutShared = seededView({ ...consoleGamePass, durations: consoleGamePass.durations!.map(({ sharedPrice: _s, ...d }) => d) })
		expect(said(fromPrice(withoutShared))).toEqual({ price: 4000, isFrom: true, choice: '1 Month' })
	})

	it('is said as “from” only when the product sells at more than one price: the card summary says which', () => {
		const gta = products.find((p) => p.id === 5)!
		expect(choicesOf(gta)).toHaveLength(1)
		expect(summarise(gta)).toMatchObject({ price: gta.price, priceIsFrom: false })
		expect(summarise(byTerms('game-pass-console'))).toMatchObject({ price: 2700, priceIsFrom: true })
		// Private or shared, at one price each: two prices, so “from”.
		const account = products.find((p) => p.id === 21)!
		expect(summarise(account).priceIsFrom).toBe(true)
		// Options that all cost the same are one price.
		const samePrice = seededView({ ...byTerms('game-pass-pc'), durations: byTerms('game-pass-pc').durations!.map((d) => ({ ...d, price: d.price > 0 ? 1500 : 0 })) })
		expect(summarise(samePrice)).toMatchObject({ price: 1500, priceIsFrom: false })
		for (const p of products) expect(summarise(p).priceIsFrom, p.name).toBe(new Set(choicesOf(p).map((c) => c.price)).size > 1)
	})
})
