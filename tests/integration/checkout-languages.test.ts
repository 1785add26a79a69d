import { describe, expect, it } from 'vitest'
import { COUPON_REFUSALS } from '~/domain/coupons/coupon'
import { BLOCKED_CHECKOUT_MESSAGE } from '~/domain/buyers/blocklist'
import { EMAIL_MESSAGE, NAME_LIVE_MESSAGE, NAME_SUBMIT_MESSAGE, PHONE_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '~/domain/orders/checkout-fields'
import { NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND } from '~/domain/orders/checkout-query'
import { RECEIPT_RESULTS } from '~/domain/payments/receipt-rules'
import { NO_RECEIPT_MESSAGE } from '~/components/payment/transfer-message'
import { RECEIPT_RESULT_KEYS, receiptSentence } from '~/components/payment/receipt-words'
import { en } from '~/i18n/en'
import { translator } from '~/i18n/messages.server'
import { AppError } from '~/utils/app-error'
import { checkoutSentence, refusalIn } from '~/http/checkout-sentence.server'

const english = en.checkout as Record<string, string>

describe('the checkout in the buyer’s language', () => {
	it('holds the spec’s §8 checkout and payment sentences word for word in English', () => {
		expect(english.noItems).toBe('No items to checkout')
		expect(english.requiredFields).toBe(REQUIRED_FIELDS_MESSAGE)
		expect(english.nameLive).toBe(NAME_LIVE_MESSAGE)
		expect(english.nameSubmit).toBe(NAME_SUBMIT_MESSAGE)
		expect([english.failed, english.noPaymentUrl, english.creationFailed]).toEqual(['Failed to create payment order', 'Payment URL not received', 'Order creation failed'])
		expect(english.requestFailed).toBe('Request failed: {status} {statusText}')
		expect(english['invalidAccess.title']).toBe('Invalid access')
		expect(english['terms.noProduct']).toBe('No Game Pass product selected or cart empty.')
		expect(english['receipt.missing']).toBe(NO_RECEIPT_MESSAGE)
	})

	it('answers the rules’ fixed sentences in Urdu, and English as it is', () => {
		for (const sentence of [REQUIRED_FIELDS_MESSAGE, NAME_SUBMIT_MESSAGE, EMAIL_MESSAGE, PHONE_MESSAGE, BLOCKED_CHECKOUT_MESSAGE, NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND, COUPON_REFUSALS.unknown, COUPON_REFUSALS.malformed, COUPON_REFUSALS.usedUp]) {
			expect(checkoutSentence('en', sentence)).toBe(sentence)
			expect(checkoutSentence('ur', sentence)).not.toBe(sentence)
			expect(checkoutSentence('ur', sentence)).toMatch(/[\u0600-\u06ff]/)
		}
		expect(checkoutSentence('ur', 'This discount code is not valid.')).toBe('یہ ڈسکاؤنٹ کوڈ درست نہیں۔')
	})

	it('reads sentences with places against their English template, the values kept', () => {
		expect(checkoutSentence('ur', COUPON_REFUSALS.minSubtotal(4000))).toBe('اس ڈسکاؤنٹ کوڈ کے لیے کم از کم آرڈر Rs. 4,000 کا ہونا ضروری ہے۔')
		expect(checkoutSentence('ur', 'Xbox Game Pass Ultimate (3 Months) is out of stock.')).toBe('Xbox Game Pass Ultimate (3 Months) اسٹاک میں نہیں ہے۔')
		expect(checkoutSentence('ur', 'Steam Wallet is out of stock.')).toBe('Steam Wallet اسٹاک میں نہیں ہے۔')
		expect(checkoutSentence('ur', 'This checkout was already placed as order GV-1-2. Reload the page to start a new one.')).toContain('GV-1-2')
		// A sentence the catalogue does not know passes through.
		expect(checkoutSentence('ur', 'Something only the server says.')).toBe('Something only the server says.')
	})

	it('turns a refusal’s sentence and its fields’ into the language, code and status kept', () => {
		const refusal = new AppError('BAD_REQUEST', REQUIRED_FIELDS_MESSAGE, { customerName: NAME_SUBMIT_MESSAGE, customerMobile: PHONE_MESSAGE })
		const urdu = refusalIn('ur', refusal) as AppError
		expect(urdu).toBeInstanceOf(AppError)
		expect(urdu.status).toBe(400)
		expect(urdu.message).toBe(translator('ur')('checkout.requiredFields'))
		expect(urdu.fieldErrors).toEqual({ customerName: translator('ur')('checkout.nameSubmit'), customerMobile: translator('ur')('checkout.phoneInvalid') })
		expect(refusalIn('en', refusal)).toBe(refusal)
		const other = new Error('boom')
		expect(refusalIn('ur', other)).toBe(other)
	})

	it('names every receipt result, and shows the browser’s receipt sentences in the page’s language', () => {
		const t = translator('ur')
		for (const [result, sentence] of Object.entries(RECEIPT_RESULTS)) {
			expect(translator('en')(RECEIPT_RESULT_KEYS[result as keyof typeof RECEIPT_RESULTS])).toBe(sentence)
			expect(receiptSentence(t, sentence)).toBe(t(RECEIPT_RESULT_KEYS[result as keyof typeof RECEIPT_RESULTS]))
		}
		expect(receiptSentence(t, `${RECEIPT_RESULTS.failed} (error 502)`)).toBe(t('checkout.receipt.failedStatus', { status: 502 }))
		expect(receiptSentence(translator('en'), `${RECEIPT_RESULTS.failed} (error 502)`)).toBe(`${RECEIPT_RESULTS.failed} (error 502)`)
		expect(receiptSentence(t, 'already translated')).toBe('already translated')
	})
})
