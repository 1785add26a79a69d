import { describe, expect, it } from 'vitest'
import { cartBadge, cartCount, cartNeedsTerms, cartReducer, cartTotal, checkoutDestination, emptyCart, parseStoredCart, type CartItem } from './cart'
import type { CartLinePrice } from './cart-prices'
import { savedCartCount } from './cart-count'

const giftCard = (label: string, price: number): Omit<CartItem, 'quantity'> => ({
	id: 14,
	name: 'Xbox Gift Card',
	image: '/images/products/14.webp',
	price,
	originalPrice: null,
	selectedDenomination: { label, price, value: Number(label.replace(/\D/g, '')) },
	variantId: null,
})
const gamePass = (label: string, price: number, months: number): Omit<CartItem, 'quantity'> => ({
	id: 10,
	name: 'PC Game Pass',
	image: '/images/products/10.webp',
	price,
	originalPrice: null,
	selectedDuration: { label, price, months },
	termsPage: 'game-pass-pc',
	variantId: null,
})

describe('cart', () => {
	it('merges an item with the same id, duration and denomination', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: giftCard('$10 USD', 3200) })
		state = cartReducer(state, { type: 'add', item: giftCard('$10 USD', 3200) })
		expect(state.items).toHaveLength(1)
		expect(state.items[0]!.quantity).toBe(2)
		expect(cartTotal(state.items)).toBe(6400)
	})

	it('keeps a different denomination or duration as a new line', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: giftCard('$10 USD', 3200) })
		state = cartReducer(state, { type: 'add', item: giftCard('$20 USD', 6000) })
		state = cartReducer(state, { type: 'add', item: gamePass('1 Month', 1200, 1) })
		state = cartReducer(state, { type: 'add', item: gamePass('2 Months', 2200, 2) })
		expect(state.items.map((i) => i.quantity)).toEqual([1, 1, 1, 1])
		expect(cartTotal(state.items)).toBe(3200 + 6000 + 1200 + 2200)
	})

	it('removes an item whose quantity drops to 0 or less', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: giftCard('$5 USD', 2200) })
		state = cartReducer(state, { type: 'updateQuantity', index: 0, quantity: 3 })
		expect(state.items[0]!.quantity).toBe(3)
		expect(cartReducer(state, { type: 'updateQuantity', index: 0, quantity: 0 }).items).toEqual([])
		expect(cartReducer(state, { type: 'updateQuantity', index: 0, quantity: -2 }).items).toEqual([])
	})

	it('updates the account type of every line with that id', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: gamePass('1 Month', 1200, 1) })
		state = cartReducer(state, { type: 'add', item: gamePass('2 Months', 2200, 2) })
		state = cartReducer(state, { type: 'add', item: giftCard('$5 USD', 2200) })
		state = cartReducer(state, { type: 'updateAccountType', id: 10, accountType: 'shared' })
		expect(state.items.map((i) => i.selectedAccountType)).toEqual(['shared', 'shared', undefined])
	})

	it('opens, closes, toggles and clears', () => {
		let state = cartReducer(emptyCart, { type: 'open' })
		expect(state.isOpen).toBe(true)
		state = cartReducer(state, { type: 'toggle' })
		expect(state.isOpen).toBe(false)
		state = cartReducer(cartReducer(state, { type: 'add', item: giftCard('$5 USD', 2200) }), { type: 'clear' })
		expect(state.items).toEqual([])
	})

	it('caps the badge at 99+', () => {
		expect(cartBadge(1)).toBe('1')
		expect(cartBadge(99)).toBe('99')
		expect(cartBadge(100)).toBe('99+')
		expect(cartCount([{ ...giftCard('$5 USD', 2200), quantity: 120 }])).toBe(120)
	})

	it('sends a cart with PC Game Pass to its terms, others to checkout, an empty cart nowhere', () => {
		expect(checkoutDestination([])).toBeNull()
		expect(checkoutDestination([{ ...giftCard('$5 USD', 2200), quantity: 1 }])).toBe('/checkout')
		expect(checkoutDestination([{ ...giftCard('$5 USD', 2200), quantity: 1 }, { ...gamePass('1 Month', 1200, 1), quantity: 1 }])).toBe('/game-pass-pc-terms')
	})

	it('reads a stored cart and rejects a broken one', () => {
		const stored = JSON.stringify([{ ...giftCard('$5 USD', 2200), quantity: 2 }])
		expect(parseStoredCart(stored)).toHaveLength(1)
		expect(parseStoredCart(null)).toEqual([])
		expect(() => parseStoredCart('not json')).toThrow()
		expect(() => parseStoredCart('{"items": 5}')).toThrow()
		expect(parseStoredCart('[{"id": "x"}, null]')).toEqual([])
	})

	it('lets go of what an order took, and keeps what was added since', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: giftCard('$10 USD', 3200) })
		state = cartReducer(state, { type: 'add', item: giftCard('$10 USD', 3200) })
		state = cartReducer(state, { type: 'add', item: gamePass('1 Month', 1200, 1) })
		const ordered = state.items.map((i) => ({ ...i }))
		state = cartReducer(state, { type: 'add', item: giftCard('$10 USD', 3200) })
		state = cartReducer(state, { type: 'add', item: giftCard('$20 USD', 6000) })
		state = cartReducer(state, { type: 'removeOrdered', items: ordered })
		expect(state.items.map((i) => [i.selectedDenomination?.label, i.quantity])).toEqual([
			['$10 USD', 1],
			['$20 USD', 1],
		])
	})
})

describe('accounts in the cart (ADR-001)', () => {
	const gamePassAccount = (accountType: 'private' | 'shared', price: number): Omit<CartItem, 'quantity'> => ({
		id: 1,
		name: 'Xbox Game Pass Ultimate (Console Edition)',
		image: '/images/products/1.webp',
		price,
		originalPrice: null,
		selectedDuration: { label: '2 Months', price, months: 2 },
		selectedAccountType: accountType,
		termsPage: 'game-pass-console',
		variantId: null,
	})

	it('keeps a private and a shared account of the same duration as two lines at their own prices', () => {
		let state = cartReducer(emptyCart, { type: 'add', item: gamePassAccount('private', 5000) })
		state = cartReducer(state, { type: 'add', item: gamePassAccount('shared', 3400) })
		state = cartReducer(state, { type: 'add', item: gamePassAccount('shared', 3400) })
		expect(state.items.map((i) => [i.selectedAccountType, i.quantity])).toEqual([['private', 1], ['shared', 2]])
		expect(cartTotal(state.items)).toBe(5000 + 2 * 3400)
	})

	it('sends a console Game Pass line through its terms, a shared one even beside a PC Game Pass line', () => {
		expect(checkoutDestination([{ ...gamePassAccount('shared', 3400), quantity: 1 }])).toBe('/game-pass-terms')
		expect(checkoutDestination([{ ...gamePassAccount('private', 5000), quantity: 1 }])).toBe('/game-pass-terms')
		const pc = { ...gamePassAccount('private', 1200), id: 10, selectedAccountType: undefined, termsPage: 'game-pass-pc' as const, quantity: 1 }
		expect(checkoutDestination([pc, { ...gamePassAccount('shared', 3400), quantity: 1 }])).toBe('/game-pass-terms')
		expect(checkoutDestination([pc, { ...gamePassAccount('private', 5000), quantity: 1 }])).toBe('/game-pass-pc-terms')
	})

	it('a terms page opened from its address shows its terms for a line sold under them, not for a line that can no longer be bought', () => {
		const pc = { ...gamePass('1 Month', 1200, 1), quantity: 1 }
		const card = { ...giftCard('$10 USD', 3200), quantity: 1 }
		expect(cartNeedsTerms([card, pc], '/game-pass-pc-terms')).toBe(true)
		expect(cartNeedsTerms([card, pc], '/game-pass-terms')).toBe(false)
		expect(cartNeedsTerms([card, { ...gamePassAccount('shared', 3400), quantity: 1 }], '/game-pass-terms')).toBe(true)
		expect(cartNeedsTerms([{ ...pc, unavailable: 'gone' }], '/game-pass-pc-terms')).toBe(false)
		expect(cartNeedsTerms([], '/game-pass-pc-terms')).toBe(false)
	})
})

describe('carts saved before prices were numbers', () => {
	// A cart as the shop saved it under the spec's format (§3): text prices, no variant.
	const oldCart = JSON.stringify([
		{ id: 14, name: 'Xbox Gift Card', image: '/images/products/14.webp', price: 'Rs. 3,200', originalPrice: 'Rs. 3,500', quantity: 2, selectedDenomination: { label: '$10 USD', price: 3200, value: 10 } },
		{ id: 5, name: 'Grand Theft Auto V', image: '/images/products/5.webp', price: 'Rs. 1,500', originalPrice: null, quantity: 1 },
		{ id: 1, name: 'Xbox Game Pass Ultimate', image: '/images/products/1.webp', price: 'Rs. 3,400', originalPrice: null, quantity: 1, selectedDuration: { label: '2 Months', price: 3400, months: 2 }, selectedAccountType: 'shared', termsPage: 'game-pass-console' },
	])

	it('reads them with the prices as rupee numbers, keeping what was chosen', () => {
		const items = parseStoredCart(oldCart)
		expect(items.map((i) => [i.name, i.price, i.originalPrice, i.quantity, i.variantId])).toEqual([
			['Xbox Gift Card', 3200, 3500, 2, null],
			['Grand Theft Auto V', 1500, null, 1, null],
			['Xbox Game Pass Ultimate', 3400, null, 1, null],
		])
		expect(items[0]!.selectedDenomination).toEqual({ label: '$10 USD', price: 3200, value: 10 })
		expect(items[2]).toMatchObject({ selectedDuration: { label: '2 Months', price: 3400, months: 2 }, selectedAccountType: 'shared', termsPage: 'game-pass-console' })
		expect(cartTotal(items)).toBe(2 * 3200 + 1500 + 3400)
	})

	it('saves them back as numbers, and reads its own format the same', () => {
		const items = parseStoredCart(oldCart)
		const saved = JSON.stringify(items)
		expect(saved).not.toContain('Rs.')
		expect(parseStoredCart(saved)).toEqual(items)
	})

	it('drops a line it cannot price or understand, not the cart', () => {
		const items = parseStoredCart(JSON.stringify([{ id: 9, name: 'No price', price: 'free', quantity: 1 }, { id: 14, name: 'Zero', price: 'Rs. 1,200', quantity: 0 }, { id: 5, name: 'GTA V', price: 1500, quantity: 1 }]))
		expect(items.map((i) => i.name)).toEqual(['GTA V'])
	})

	it('is counted for the header’s badge before it is read, as reading it counts it', () => {
		expect(savedCartCount(oldCart)).toBe(cartCount(parseStoredCart(oldCart)))
		expect(savedCartCount(JSON.stringify({ items: JSON.parse(oldCart) }))).toBe(4)
		expect(savedCartCount(JSON.stringify([{ id: 14, name: 'Zero', price: 1200, quantity: 0 }, null, { id: 'x' }, { id: 5, name: 'GTA V', price: 1500, quantity: 2.5 }]))).toBe(2)
		expect(savedCartCount('not json')).toBe(0)
		expect(savedCartCount('{"items": 5}')).toBe(0)
	})
})

describe('re-pricing from the server', () => {
	const sent = [{ ...giftCard('$10 USD', 3200), quantity: 2 }, { ...gamePass('1 Month', 1200, 1), quantity: 1 }, { ...giftCard('$20 USD', 6000), quantity: 1 }]
	const answer: CartLinePrice[] = [
		{ available: true, price: 3400, variantId: 41, termsPage: null },
		{ available: true, price: 1200, variantId: 7, termsPage: null },
		{ available: false, message: 'Xbox Gift Card has no $20 USD value.' },
	]

	it('takes the server’s prices, remembers the one the buyer saw, and marks a line no longer sold', () => {
		const state = cartReducer({ items: sent, isOpen: false }, { type: 'reprice', lines: sent, prices: answer })
		expect(state.items.map((i) => [i.price, i.priceWas, i.variantId, i.unavailable])).toEqual([
			[3400, 3200, 41, undefined],
			[1200, undefined, 7, undefined],
			[6000, undefined, null, 'Xbox Gift Card has no $20 USD value.'],
		])
		// The option's price is the line's price (§9 reads it first).
		expect(state.items[0]!.selectedDenomination!.price).toBe(3400)
		// A line no longer sold is left out of the total and of checkout.
		expect(cartTotal(state.items)).toBe(2 * 3400 + 1200)
	})

	it('keeps the first price seen through later changes, and forgets it when the price comes back', () => {
		let state = cartReducer({ items: sent.slice(0, 1), isOpen: false }, { type: 'reprice', lines: sent.slice(0, 1), prices: [answer[0]!] })
		state = cartReducer(state, { type: 'reprice', lines: state.items, prices: [{ available: true, price: 3600, variantId: 41, termsPage: null }] })
		expect([state.items[0]!.price, state.items[0]!.priceWas]).toEqual([3600, 3200])
		state = cartReducer(state, { type: 'reprice', lines: state.items, prices: [{ available: true, price: 3200, variantId: 41, termsPage: null }] })
		expect([state.items[0]!.price, state.items[0]!.priceWas]).toEqual([3200, undefined])
	})

	it('leaves lines added while the server was asked as they are, and a line sold again loses its mark', () => {
		let state = cartReducer({ items: sent, isOpen: false }, { type: 'reprice', lines: sent, prices: answer })
		state = cartReducer(state, { type: 'add', item: gamePass('3 Months', 3200, 3) })
		state = cartReducer(state, { type: 'reprice', lines: state.items.slice(0, 3), prices: [answer[0]!, answer[1]!, { available: true, price: 6000, variantId: 9, termsPage: null }] })
		expect(state.items.map((i) => i.unavailable ?? null)).toEqual([null, null, null, null])
		expect(state.items[3]).toMatchObject({ price: 3200, variantId: null })
	})

	it('a line saved before its product had terms learns them, and checkout goes through them', () => {
		const { termsPage: _, ...old } = { ...gamePass('1 Month', 1200, 1), quantity: 1 }
		expect(checkoutDestination([old])).toBe('/checkout')
		const state = cartReducer({ items: [old], isOpen: false }, { type: 'reprice', lines: [old], prices: [{ available: true, price: 1200, variantId: 7, termsPage: 'game-pass-pc' }] })
		expect(checkoutDestination(state.items)).toBe('/game-pass-pc-terms')
	})

	it('sends nobody to checkout with only lines no longer sold', () => {
		const state = cartReducer({ items: sent.slice(2), isOpen: false }, { type: 'reprice', lines: sent.slice(2), prices: answer.slice(2) })
		expect(checkoutDestination(state.items)).toBeNull()
		expect(cartTotal(state.items)).toBe(0)
	})

	it('adding a line again from a page takes that page’s price and clears the mark', () => {
		let state = cartReducer({ items: sent.slice(0, 1), isOpen: false }, { type: 'reprice', lines: sent.slice(0, 1), prices: [answer[0]!] })
		state = cartReducer(state, { type: 'add', item: { ...giftCard('$10 USD', 3400), variantId: 41 } })
		expect(state.items[0]).toMatchObject({ quantity: 3, price: 3400, variantId: 41 })
		expect(state.items[0]!.priceWas).toBeUndefined()
	})
})

describe('a saved cart learns its product’s terms from the server', () => {
	it('sends a line saved before its product had terms through them once re-priced', async () => {
		const { withPrice } = await import('./cart')
		const saved: CartItem = { id: 10, name: 'PC Game Pass', image: '', price: 1200, originalPrice: null, quantity: 1, variantId: null, selectedDuration: { label: '1 Month', price: 1200, months: 1 } }
		expect(checkoutDestination([saved])).toBe('/checkout')
		const repriced = withPrice(saved, { available: true, price: 1200, variantId: 7, termsPage: 'game-pass-pc' })
		expect(checkoutDestination([repriced])).toBe('/game-pass-pc-terms')
	})
})
