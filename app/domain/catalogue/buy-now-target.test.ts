import { describe, expect, it } from 'vitest'
import { catalogueProducts as catalogue } from '../../db/seed/catalogue'
import { durationsOf } from '../pricing/product-options'
import { buyNowTarget } from './buy-now-target'

const product = (id: number) => catalogue.find((p) => p.id === id)!

describe('Buy now (§4)', () => {
	it('sends the gift card to checkout with its value', () => {
		const card = product(14)
		const t = buyNowTarget(card, { duration: null, denomination: card.denominations![1]!, accountType: null })
		expect(t.to).toBe('/checkout')
		expect(t.state.selectedDenomination?.label).toBe('$10 USD')
	})

	it('sends PC Game Pass to its terms with the duration', () => {
		const pc = product(10)
		const t = buyNowTarget(pc, { duration: durationsOf(pc)![0]!, denomination: null, accountType: null })
		expect(t).toMatchObject({ to: '/game-pass-pc-terms', state: { selectedDuration: { months: 1, price: 1200 } } })
	})

	it('sends console Game Pass Ultimate to its terms gate with duration and account type', () => {
		const ultimate = product(1)
		expect(ultimate.name).toContain('Game Pass Ultimate')
		const t = buyNowTarget(ultimate, { duration: ultimate.durations![1]!, denomination: null, accountType: 'private' })
		expect(t).toMatchObject({ to: '/game-pass-terms', state: { selectedDuration: { price: 5000 }, selectedAccountType: 'private' } })
	})

	it('sends a game key to checkout without a duration', () => {
		const t = buyNowTarget(product(5), { duration: null, denomination: null, accountType: null })
		expect(t.to).toBe('/checkout')
		expect(t.state.selectedDuration).toBeUndefined()
	})
})
