import { describe, expect, it } from 'vitest'
import { catalogueProducts as catalogue } from '../../db/seed/catalogue'
import { toCartItem } from '../cart/to-cart-item'
import { cartTotal } from '../cart/cart'
import { summarise } from '../catalogue/list-products.server'
import { choicesOf, offersAccountTypes, priceChoice, priceOf, priceVariant, startingChoice } from './price-of'

const product = (id: number) => catalogue.find((p) => p.id === id)!
const consoleGamePass = product(1)

describe('the price of a product and a choice (ADR-001)', () => {
	it('prices Game Pass Ultimate (console) by duration and account type', () => {
		expect(priceOf(consoleGamePass, { duration: { months: 1 }, accountType: 'private' })).toBe(4000)
		expect(priceOf(consoleGamePass, { duration: { months: 2 }, accountType: 'private' })).toBe(5000)
		expect(priceOf(consoleGamePass, { duration: { months: 1 }, accountType: 'shared' })).toBe(2700)
		expect(priceOf(consoleGamePass, { duration: { months: 2 }, accountType: 'shared' })).toBe(3400)
		// Named by label too; nothing chosen is the page's first option as a private account.
		expect(priceOf(consoleGamePass, { duration: { label: '2 Months' }, accountType: 'shared' })).toBe(3400)
		expect(priceOf(consoleGamePass)).toBe(4000)
		expect(priceChoice(consoleGamePass, { accountType: 'shared' })).toMatchObject({ duration: { months: 1 }, accountType: 'shared', price: 2700 })
		// The custom duration is a WhatsApp quote, never a price.
		expect(priceOf(consoleGamePass, { duration: { months: 0 }, accountType: 'shared' })).toBeNull()
		expect(priceOf(consoleGamePass, { duration: { months: 3 } })).toBeNull()
	})

	it('gives every account a shared price below its private price, for each duration', () => {
		const accounts = catalogue.filter(offersAccountTypes)
		expect(accounts.length).toBeGreaterThan(5)
		for (const p of accounts) {
			const options = choicesOf(p).filter((c) => c.accountType === 'private')
			expect(options.length, p.name).toBeGreaterThan(0)
			for (const c of options) {
				const shared = priceOf(p, { duration: c.duration, denomination: c.denomination, accountType: 'shared' })
				expect(shared, `${p.name} ${c.duration?.label ?? ''}`).not.toBeNull()
				expect(shared!, `${p.name} ${c.duration?.label ?? ''}`).toBeLessThan(c.price)
			}
		}
	})

	it('prices every product of the catalogue, and only account products take an account type', () => {
		for (const p of catalogue) {
			const choices = choicesOf(p)
			expect(choices.length, p.name).toBeGreaterThan(0)
			for (const c of choices) expect(c.price, p.name).toBeGreaterThan(0)
			if (!offersAccountTypes(p)) expect(priceOf(p, { accountType: 'shared' }), p.name).toBeNull()
		}
		expect(priceOf(product(14), { denomination: { value: 10 } })).toBe(3200)
		expect(priceOf(product(10), { duration: { months: 12 } })).toBe(11500)
		expect(priceOf(product(18), { accountType: 'private' })).toBe(4000)
		expect(priceOf(product(18), { accountType: 'shared' })).toBe(2500)
	})

	it('gives the cart line, the card and the cart total the same price as the function', () => {
		const line = toCartItem(consoleGamePass, { duration: { months: 2 }, accountType: 'shared' })!
		expect(line).toMatchObject({ price: 3400, selectedDuration: { label: '2 Months', months: 2, price: 3400 }, selectedAccountType: 'shared' })
		expect(cartTotal([{ ...line, quantity: 2 }])).toBe(6800)

		for (const p of catalogue) {
			const card = summarise(p)
			expect(card.price, p.name).toBe(startingChoice(p)!.price)
			expect(card.price, p.name).toBe(Math.min(...choicesOf(p).map((c) => c.price)))
			// What the card's Add puts in the cart costs what the card says; accounts are chosen on their page.
			if (offersAccountTypes(p)) expect(card.cartItem, p.name).toBeNull()
			else expect(cartTotal([{ ...card.cartItem!, quantity: 1 }]), p.name).toBe(card.price)
		}
	})

	it('prices a variant by its id: the variant is the priced unit (ADR-040)', () => {
		const shared2 = consoleGamePass.variants.find((v) => v.months === 2 && v.accountType === 'shared')!
		expect(priceVariant(consoleGamePass, shared2.id)).toEqual({
			duration: { months: 2, price: 3400, label: '2 Months' },
			denomination: null,
			accountType: 'shared',
			price: 3400,
			variantId: shared2.id,
		})
		// A choice by its data names that same variant, and nothing else.
		expect(priceChoice(consoleGamePass, { duration: { months: 2 }, accountType: 'shared' })).toMatchObject({ variantId: shared2.id, price: 3400 })
		// An id the product does not sell (hidden, another product's) and the custom quote are refused.
		expect(priceVariant(consoleGamePass, 999_999)).toEqual({ problem: 'unknown-variant' })
		expect(priceVariant(product(14), shared2.id)).toEqual({ problem: 'unknown-variant' })
		const custom = consoleGamePass.variants.find((v) => v.months === 0)!
		expect(priceVariant(consoleGamePass, custom.id)).toEqual({ problem: 'custom-duration' })
		// The price is the variant's own: change it and every reading follows.
		const repriced = { ...consoleGamePass, variants: consoleGamePass.variants.map((v) => (v.id === shared2.id ? { ...v, price: 3000 } : v)) }
		expect(priceVariant(repriced, shared2.id)).toMatchObject({ price: 3000 })
		expect(priceOf(repriced, { duration: { months: 2 }, accountType: 'shared' })).toBe(3000)
	})

	it('never reads a product’s shared choice into a variant that is not shared', () => {
		const giftCard = product(14)
		expect(priceChoice(giftCard, { denomination: { value: 10 }, accountType: 'shared' })).toEqual({ problem: 'no-price' })
		expect(priceChoice(giftCard, { denomination: { value: 10 } })).toMatchObject({ accountType: null, price: 3200 })
	})
})
