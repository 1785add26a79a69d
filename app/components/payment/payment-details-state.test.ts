import { describe, expect, it } from 'vitest'
import { catalogueProducts as catalogue } from '~/db/seed/catalogue'
import type { CartItem } from '~/domain/cart/cart'
import { checkoutStateFor, paymentItems, readPaymentDetailsState, type PaymentDetailsState } from './payment-details-state'

const card = catalogue.find((p) => p.id === 14)!
const tenDollars = card.denominations!.find((d) => d.value === 10)!
const line: CartItem = { id: 14, name: card.name, image: card.image, price: 3200, originalPrice: null, quantity: 2, selectedDenomination: tenDollars, variantId: null }

const single: PaymentDetailsState = {
	orderType: 'single',
	product: card,
	selectedDenomination: tenDollars,
	customerInfo: { name: 'Ali Khan', email: 'ali@example.pk', phone: '03001234567' },
	amount: tenDollars.price,
	totalItems: 1,
	orderNumber: 'XBOX-1-1',
}

describe('payment details navigation state', () => {
	it('is refused when missing or incomplete (Invalid access)', () => {
		expect(readPaymentDetailsState(null)).toBeNull()
		expect(readPaymentDetailsState({ product: card })).toBeNull()
		expect(readPaymentDetailsState({ ...single, orderNumber: '' })).toBeNull()
		expect(readPaymentDetailsState({ ...single, amount: '3200' })).toBeNull()
		expect(readPaymentDetailsState({ ...single, customerInfo: undefined })).toBeNull()
		expect(readPaymentDetailsState({ ...single, product: undefined })).toBeNull()
	})

	it('accepts what checkout sends for a product bought now and for a cart', () => {
		expect(readPaymentDetailsState(single)).toBe(single)
		const cart = { ...single, orderType: 'cart', product: undefined, selectedDenomination: undefined, cartItems: [line], amount: 6400 }
		expect(readPaymentDetailsState(cart)).not.toBeNull()
	})

	it('lists the product bought now as one line at its chosen value', () => {
		expect(paymentItems(single)).toMatchObject([{ id: 14, quantity: 1, selectedDenomination: { label: '$10 USD' } }])
	})

	it('goes back to checkout with what checkout was given', () => {
		expect(checkoutStateFor({ ...single, cartItems: [{ ...line, quantity: 1 }] })).toEqual({ product: card, selectedDenomination: tenDollars })
		expect(checkoutStateFor({ ...single, orderType: 'cart', product: undefined, cartItems: [line] })).toEqual({ cartItems: [line] })
	})
})
