import { describe, expect, it } from 'vitest'
import { cartBadge, cartCount, cartReducer, cartTotal, checkoutDestination, emptyCart, parseStoredCart, type CartItem } from './cart'

const giftCard = (label: string, price: number): Omit<CartItem, 'quantity'> => ({
	id: 14,
	name: 'Xbox Gift Card',
	image: '/images/products/14.webp',
	price: `Rs. ${price}`,
	originalPrice: null,
	selectedDenomination: { label, price, value: Number(label.replace(/\D/g, '')) },
})
const gamePass = (label: string, price: number, months: number): Omit<CartItem, 'quantity'> => ({
	id: 10,
	name: 'PC Game Pass',
	image: '/images/products/10.webp',
	price: 'Rs. 1,200',
	originalPrice: null,
	selectedDuration: { label, price, months },
	termsPage: 'game-pass-pc',
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
		price: `Rs. ${price}`,
		originalPrice: null,
		selectedDuration: { label: '2 Months', price, months: 2 },
		selectedAccountType: accountType,
		termsPage: 'game-pass-console',
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
})
