import { describe, expect, it } from 'vitest'
import { catalogueProducts as catalogue } from '../../db/seed/catalogue'
import { toCartItem } from '../cart/to-cart-item'
import { priceOf } from './price-of'
import { productView } from '../catalogue/product-view'
import { purchaseChoices } from './purchase-choices'
import { translator } from '../../i18n/messages.server'

const ENGLISH = { t: translator('en'), lang: 'en' as const }

const product = (id: number) => catalogue.find((p) => p.id === id)!
const noStock = { availability: {}, stockOnly: false }

describe('the product page’s options, priced by the server', () => {
	it('gives Game Pass Ultimate each duration as a private and a shared account, priced by the one rule, with its cart line', () => {
		const gamePass = product(1)
		const choices = purchaseChoices(gamePass, noStock, ENGLISH)
		expect(choices).toMatchObject({ field: 'duration', accountTypes: true, terms: '/game-pass-terms', contentLink: { to: '/game-pass-library', label: 'View Included Games' } })
		expect(choices.typeLabels).toEqual({ private: 'Private account', shared: 'Shared account' })
		expect(choices.options.map((o) => [o.label, o.custom])).toEqual([
			['1 Month', false],
			['2 Months', false],
			['Custom Duration', true],
		])
		for (const option of choices.options.filter((o) => !o.custom)) {
			for (const type of ['private', 'shared'] as const) {
				const duration = { label: option.label }
				expect(option.offers[type]?.price, `${option.label} ${type}`).toBe(priceOf(gamePass, { duration, accountType: type }))
				expect(option.offers[type]?.item).toEqual(toCartItem(gamePass, { duration, accountType: type }))
			}
		}
		// The custom duration is a quote, never a price: 3, 6 and 12 months, each with its message.
		expect(choices.options[2]!.offers).toEqual({})
		expect(choices.quotes.map((q) => q.label)).toEqual(['3 Months', '6 Months', '12 Months'])
		expect(choices.quotes[0]!.text).toBe(`Hi! I'd like a quote for ${gamePass.name} for 3 months.`)
		// §2: two months save against two single months, for each account type.
		expect(choices.options[1]!.saving).toEqual({ private: { saving: 3000, doubled: 8000 }, shared: { saving: 2000, doubled: 5400 } })
		expect(choices.options[0]!.saving).toBeUndefined()
	})

	it('gives a gift card its values, the custom amount as a quote by value range', () => {
		const card = product(14)
		const choices = purchaseChoices(card, noStock, ENGLISH)
		expect(choices).toMatchObject({ field: 'value', accountTypes: false, terms: null, contentLink: null })
		expect(choices.options.map((o) => [o.label, o.offers.any?.price ?? null])).toEqual([
			['$5 USD', 2200],
			['$10 USD', 3200],
			['$20 USD', 6000],
			['Custom Amount', null],
		])
		expect(choices.options[1]!.offers.any?.item).toMatchObject({ id: 14, price: 3200, selectedDenomination: { label: '$10 USD', value: 10, price: 3200 } })
		expect(choices.quotes).toEqual([
			{ label: '$20-$50', text: "Hi! I'd like a quote for an Xbox Gift Card in the $20-$50 range." },
			{ label: '$50-$80', text: "Hi! I'd like a quote for an Xbox Gift Card in the $50-$80 range." },
			{ label: '$80-$100', text: "Hi! I'd like a quote for an Xbox Gift Card in the $80-$100 range." },
		])
	})

	it('tells each option’s stock, and an option out of stock cannot be bought when the product sells from stock only', () => {
		const gamePass = product(1)
		const oneMonthPrivate = gamePass.variants!.find((v) => v.months === 1 && v.accountType === 'private')!.id
		const oneMonthShared = gamePass.variants!.find((v) => v.months === 1 && v.accountType === 'shared')!.id
		const stock = { availability: { [oneMonthPrivate]: 'out', [oneMonthShared]: 'few' }, stockOnly: true }
		const [oneMonth] = purchaseChoices(gamePass, stock, ENGLISH).options
		expect(oneMonth!.offers.private).toMatchObject({ availability: 'out', soldOut: true })
		expect(oneMonth!.offers.shared).toMatchObject({ availability: 'few', soldOut: false })
		expect(purchaseChoices(gamePass, { ...stock, stockOnly: false }, ENGLISH).options[0]!.offers.private).toMatchObject({ availability: 'out', soldOut: false })
	})

	it('lists both the durations and the values of a product sold by both (the console can make one), each pair priced with its cart line', () => {
		// As the console saves it: the gift card's value variants beside two duration variants.
		const card = product(14)
		const duration = (id: number, months: number, price: number) => ({ id, label: `${months} Month${months === 1 ? '' : 's'}`, months, value: null, accountType: null, price, position: 100 + id, hidden: false })
		const both = productView({ ...card, name: 'Top-up plan' }, [...card.variants, duration(9001, 1, 1500), duration(9002, 3, 4000)])
		if (!both.durations || !both.denominations) throw new Error('the product has both durations and values')
		const choices = purchaseChoices(both, noStock, ENGLISH)
		expect(choices.field).toBe('duration')
		expect(choices.options.map((o) => o.label)).toEqual(['1 Month', '3 Months'])
		// The values are listed too, with the custom amount as a quote by value range.
		expect(choices.values?.options.map((o) => [o.label, o.custom])).toEqual(both.denominations.map((d) => [d.label, d.value === 0]))
		expect(choices.values?.quotes.map((q) => q.label)).toEqual(['$20-$50', '$50-$80', '$80-$100'])
		// Every duration with every value has the price and the cart line the one rule gives that pair.
		for (const duration of both.durations) {
			for (const value of both.denominations.filter((d) => d.value > 0)) {
				const pair = { duration: { label: duration.label }, denomination: { label: value.label } }
				const offer = choices.values?.pairs[duration.label]?.[value.label]?.any
				expect(offer?.price, `${duration.label} ${value.label}`).toBe(priceOf(both, pair))
				expect(offer?.item).toEqual(toCartItem(both, pair))
				expect(offer?.item).toMatchObject({ selectedDuration: { label: duration.label }, selectedDenomination: { label: value.label } })
			}
		}
	})

	it('lists no second list for a product with only durations or only values', () => {
		expect(purchaseChoices(product(1), noStock, ENGLISH).values).toBeNull()
		expect(purchaseChoices(product(14), noStock, ENGLISH).values).toBeNull()
	})
})
