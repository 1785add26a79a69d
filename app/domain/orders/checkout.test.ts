import { describe, expect, test } from 'vitest'
import { isValidName, normalisePakistaniMobile } from './checkout-fields'
import { checkoutItems, checkoutKeyFor, toCheckoutLines } from './checkout-lines'
import { readCheckoutAnswer } from './checkout-response'
import { makeOrderNumber } from './order-number'
import { paymentBadge, fulfillmentIndex } from './status'
import { maskName } from '../../utils/mask-name'
import { catalogueProducts as catalogue } from '../../db/seed/catalogue'

const ok = { ok: true, status: 200, statusText: 'OK' }

describe('checkout answer (§7 call 5, §8)', () => {
	test('a non-OK answer shows its error field, else the status line', () => {
		expect(readCheckoutAnswer({ ok: false, status: 502, statusText: 'Bad Gateway' }, { error: 'Payment URL not received' })).toEqual({ ok: false, message: 'Payment URL not received' })
		expect(readCheckoutAnswer({ ok: false, status: 503, statusText: 'Service Unavailable' }, null)).toEqual({ ok: false, message: 'Request failed: 503 Service Unavailable' })
	})
	test("a status other than '00' uses the message or 'Failed to create payment order'", () => {
		expect(readCheckoutAnswer(ok, { status: '02' })).toEqual({ ok: false, message: 'Failed to create payment order' })
		expect(readCheckoutAnswer(ok, { status: '01', message: 'Invalid Data' })).toEqual({ ok: false, message: 'Invalid Data' })
	})
	test("'00' without a payment URL is 'Payment URL not received'", () => {
		expect(readCheckoutAnswer(ok, { status: '00', orderNumber: 'XGC-1-1', paymentMethod: 'paypro' })).toEqual({ ok: false, message: 'Payment URL not received' })
	})
	test('success carries the payment URL, or the manual order', () => {
		expect(readCheckoutAnswer(ok, { status: '00', orderNumber: 'A-1-2', totalAmount: 2200, paymentMethod: 'paypro', paymentUrl: 'https://pay.example/x' })).toMatchObject({ ok: true, paymentUrl: 'https://pay.example/x' })
		expect(readCheckoutAnswer(ok, { status: '00', orderNumber: 'A-1-2', totalAmount: 2200, paymentMethod: 'manual' })).toMatchObject({ ok: true, paymentMethod: 'manual' })
	})
})

describe('customer information (§5)', () => {
	test('names take letters of any script, spaces, apostrophes, periods and hyphens', () => {
		for (const name of ['Ali Khan', 'Anne-Marie', 'Syed M. Ali', "Mu'az Khan", 'Mu’az Khan', 'علی رضا', 'José Núñez', 'Zoë', 'अमित', ' Ali Khan ']) {
			expect(isValidName(name), name).toBe(true)
		}
		// A name written with a combining accent (e + U+0301) as some keyboards send it.
		expect(isValidName('Rene\u0301e')).toBe(true)
	})
	test('names with digits or other symbols, or without a letter, are refused', () => {
		for (const name of ['Ali2', 'Ali!', '   ', '', 'Ali@Khan', 'Ali_Khan', 'Ali (Khan)', '<script>', '...', "'-'", 'Ali, Khan', 'Ali 😀', 'A/B', '٣Ali']) {
			expect(isValidName(name), name).toBe(false)
		}
	})
	test('Pakistani mobiles become 03XXXXXXXXX for PayPro', () => {
		expect(normalisePakistaniMobile('0300 1234567')).toBe('03001234567')
		expect(normalisePakistaniMobile('+92 300-1234567')).toBe('03001234567')
		expect(normalisePakistaniMobile('923001234567')).toBe('03001234567')
		expect(normalisePakistaniMobile('12345')).toBeNull()
		expect(normalisePakistaniMobile('04001234567')).toBeNull()
	})
})

describe('checkout lines', () => {
	const product = catalogue.find((p) => p.id === 14)!
	test('a single product becomes one line of quantity 1 with its choice', () => {
		const items = checkoutItems({ product, selectedDenomination: { value: 10, price: 3200, label: '$10 USD' } })
		expect(items).toHaveLength(1)
		expect(items[0]).toMatchObject({ id: 14, quantity: 1, price: 3200, selectedDenomination: { label: '$10 USD' } })
	})
	test('the request carries choices, never prices', () => {
		const lines = toCheckoutLines(checkoutItems({ product, selectedDenomination: { value: 10, price: 3200, label: '$10 USD' } }))
		expect(JSON.stringify(lines)).not.toContain('3200')
		expect(lines[0]).toMatchObject({ id: 14, quantity: 1, selectedDenomination: { value: 10 } })
	})
	test('the same cart keeps its checkout key; another cart gets a new one', () => {
		const store = new Map<string, string>()
		const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
		const a = toCheckoutLines([{ id: 1, name: 'A', image: '', price: 1, originalPrice: null, quantity: 1, variantId: null }])
		const b = toCheckoutLines([{ id: 1, name: 'A', image: '', price: 1, originalPrice: null, quantity: 2, variantId: null }])
		expect(checkoutKeyFor(a, storage)).toBe(checkoutKeyFor(a, storage))
		expect(checkoutKeyFor(b, storage)).not.toBe(checkoutKeyFor(a, storage))
	})
	test('nothing to check out without a product or items', () => {
		expect(checkoutItems(null)).toEqual([])
		expect(checkoutItems({ cartItems: [] })).toEqual([])
	})
})

describe('orders', () => {
	test('order numbers follow {product}-{timestamp}-{0-999}', () => {
		expect(makeOrderNumber('Xbox Gift Card', 1, 1732262400000, 0.417)).toBe('XGC-1732262400000-417')
		expect(makeOrderNumber('Xbox Gift Card', 3, 1732262400000, 0.9999)).toBe('CART-1732262400000-999')
	})
	test('the payment badge shows the §4 words for each payment state (stored values of any case are mapped by drizzle/0020)', () => {
		expect(paymentBadge('paid')).toEqual({ label: 'Payment Successful', tone: 'success' })
		expect(paymentBadge('awaiting_payment')).toEqual({ label: 'Awaiting payment', tone: 'warning' })
		expect(paymentBadge('awaiting_confirmation')).toEqual({ label: 'Awaiting payment', tone: 'warning' })
		for (const state of ['failed', 'expired'] as const) expect(paymentBadge(state)).toEqual({ label: 'Payment Failed', tone: 'danger' })
		// Staff cancelled it (with a reason the page shows): the buyer reads that, not a failed payment.
		expect(paymentBadge('cancelled')).toEqual({ label: 'Cancelled', tone: 'danger' })
		expect(paymentBadge('refunded').label).toBe('Refunded')
		expect(paymentBadge('partly_refunded').label).toBe('Partly Refunded')
	})
	test('the tracker steps are the delivery states in order', () => {
		expect(fulfillmentIndex('pending')).toBe(0)
		expect(fulfillmentIndex('activating')).toBe(2)
		expect(fulfillmentIndex('completed')).toBe(5)
	})
	test('names are masked for anyone without the order token', () => {
		expect(maskName('Ali Raza Khan')).toBe('Ali K.')
		expect(maskName('Ali')).toBe('A***')
		expect(maskName('')).toBe('Customer')
	})
})
