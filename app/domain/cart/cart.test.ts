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
})
