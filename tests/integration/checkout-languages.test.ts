import { describe, expect, it } from 'vitest'
import { COUPON_REFUSALS } from '~/domain/coupons/coupon'
import { BLOCKED_CHECKOUT_MESSAGE } from '~/domain/buyers/blocklist'
import { EMAIL_MESSAGE, NAME_LIVE_MESSAGE, NAME_SUBMIT_MESSAGE, PHONE_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '~/domain/orders/checkout-fields'
import { NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND } from '~/domain/orders/checkout-query'
import { orderTotalProblem, priceLine } from '~/domain/orders/price-order.server'
import { RECEIPT_RESULTS } from '~/domain/payments/receipt-rules'
import { NO_RECEIPT_MESSAGE } from '~/components/payment/transfer-message'
import type { MessageKey } from '~/i18n/catalogue'
import { en } from '~/i18n/en'
import { inEnglish } from '~/i18n/english'
import { refusalWords, sayIn, translator } from '~/i18n/messages.server'
import { words } from '~/i18n/words'
import { AppError } from '~/utils/app-error'

const english = en.checkout as Record<string, string>

describe('the checkout in the buyer’s language', () => {
	it('holds the spec’s §8 checkout and payment sentences word for word in English', () => {
		expect(english.noItems).toBe('No items to checkout')
		expect(inEnglish(REQUIRED_FIELDS_MESSAGE)).toBe('Please fill in all required fields')
		expect(inEnglish(NAME_LIVE_MESSAGE)).toBe('Name Cannot Contains Numbers & Special Letters')
		expect(inEnglish(NAME_SUBMIT_MESSAGE)).toBe('Name Cannot Contain Numbers & Special Letters')
		expect([english.failed, english.noPaymentUrl, english.creationFailed]).toEqual(['Failed to create payment order', 'Payment URL not received', 'Order creation failed'])
		expect(english.requestFailed).toBe('Request failed: {status} {statusText}')
		expect(english['invalidAccess.title']).toBe('Invalid access')
		expect(english['terms.noProduct']).toBe('No Game Pass product selected or cart empty.')
		expect(english['receipt.missing']).toBe(NO_RECEIPT_MESSAGE)
	})

	it('says the rules’ fixed refusals in Urdu by their keys, and in English as the spec words them', () => {
		const keys: MessageKey[] = [REQUIRED_FIELDS_MESSAGE, NAME_SUBMIT_MESSAGE, EMAIL_MESSAGE, PHONE_MESSAGE, BLOCKED_CHECKOUT_MESSAGE, NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND, COUPON_REFUSALS.unknown, COUPON_REFUSALS.malformed, COUPON_REFUSALS.usedUp]
		for (const key of keys) {
			const refusal = new AppError('BAD_REQUEST', key)
			expect(refusal.message).toBe(translator('en')(key))
			expect(sayIn('en', refusal.said)).toBe(refusal.message)
			expect(sayIn('ur', refusal.said)).not.toBe(refusal.message)
			expect(sayIn('ur', refusal.said)).toMatch(/[\u0600-\u06ff]/)
		}
		expect(sayIn('ur', new AppError('BAD_REQUEST', COUPON_REFUSALS.unknown).said)).toBe('یہ ڈسکاؤنٹ کوڈ درست نہیں۔')
		expect(new AppError('BAD_REQUEST', COUPON_REFUSALS.unknown).message).toBe('This discount code is not valid.')
	})

	it('fills the places of a refusal’s words in either language, the values kept', () => {
		expect(sayIn('ur', COUPON_REFUSALS.minSubtotal(4000))).toBe('اس ڈسکاؤنٹ کوڈ کے لیے کم از کم آرڈر Rs. 4,000 کا ہونا ضروری ہے۔')
		expect(inEnglish(COUPON_REFUSALS.minSubtotal(4000))).toBe('Minimum order Rs. 4,000 not reached for this discount code.')
		// A moment in a refusal is written as each language writes a Pakistan time.
		const starts = new Date('2026-12-01T04:30:00Z')
		expect(sayIn('ur', COUPON_REFUSALS.notStarted(starts))).toBe('یہ ڈسکاؤنٹ کوڈ 1 دسمبر 2026، صبح \u20669:30\u2069 سے شروع ہوگا۔')
		expect(inEnglish(COUPON_REFUSALS.notStarted(starts))).toBe('This discount code starts on 1 Dec 2026, 9:30 AM PKT.')
		expect(sayIn('ur', words('checkout.optionOutOfStock', { product: 'Xbox Game Pass Ultimate', option: '3 Months' }))).toBe('Xbox Game Pass Ultimate (3 Months) اسٹاک میں نہیں ہے۔')
		expect(inEnglish(words('checkout.outOfStock', { product: 'Steam Wallet' }))).toBe('Steam Wallet is out of stock.')
		expect(sayIn('ur', words('checkout.alreadyPlaced', { order: 'GV-1-2' }))).toContain('GV-1-2')
		// A line the catalogue does not sell, and an order past the cap: words by key, English as before.
		const gone = priceLine(undefined, { id: 999, quantity: 1 })
		expect(gone.ok).toBe(false)
		if (!gone.ok) {
			expect(inEnglish(gone.message)).toBe('Product 999 is not in our catalogue.')
			expect(sayIn('ur', gone.message)).toMatch(/[\u0600-\u06ff]/)
		}
		expect(inEnglish(orderTotalProblem(200_000_000)!)).toBe('An order can come to at most Rs. 100,000,000, and this one comes to Rs. 200,000,000. Please order fewer, or split it into smaller orders.')
		// A console sentence not yet given a key is said as written.
		expect(sayIn('ur', 'Something only the server says.')).toBe('Something only the server says.')
	})

	it('says a refusal’s sentence and its fields’ in the language, code and status kept', () => {
		const refusal = new AppError('BAD_REQUEST', REQUIRED_FIELDS_MESSAGE, { customerName: NAME_SUBMIT_MESSAGE, customerMobile: PHONE_MESSAGE })
		expect(refusal.status).toBe(400)
		expect(refusal.message).toBe('Please fill in all required fields')
		expect(refusal.fieldErrors).toEqual({ customerName: 'Name Cannot Contain Numbers & Special Letters', customerMobile: 'Please enter a Pakistani mobile number, like 0300 1234567.' })
		expect(refusalWords('ur', refusal)).toEqual({
			message: translator('ur')('checkout.requiredFields'),
			fieldErrors: { customerName: translator('ur')('checkout.nameSubmit'), customerMobile: translator('ur')('checkout.phoneInvalid') },
		})
		expect(refusalWords('en', refusal)).toEqual({ message: refusal.message, fieldErrors: refusal.fieldErrors })
	})

	it('names every receipt result by its message, in both languages', () => {
		for (const key of Object.values(RECEIPT_RESULTS)) {
			expect(translator('en')(key)).toBe(inEnglish(key))
			expect(translator('ur')(key)).toMatch(/[\u0600-\u06ff]/)
		}
		expect(translator('en')(RECEIPT_RESULTS.failed)).toBe('Could not save your receipt. Please try again.')
	})
})
