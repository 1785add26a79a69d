import { describe, expect, it } from 'vitest'
import { chatLink } from '~/utils/chat'
import { orderTrackingUrl, transferMessage, type TransferMessageInput } from './transfer-message'
import { makeTranslate } from '~/i18n/translate'
import { en } from '~/i18n/en'
import { ur } from '~/i18n/ur'

const EN = makeTranslate(en)
const UR = makeTranslate(ur)

const input: TransferMessageInput = {
	customer: { name: 'Ali Khan', email: 'ali@example.pk', phone: '03001234567' },
	items: [
		{ name: 'Xbox Gift Card', price: 2200, quantity: 1, selectedDenomination: { label: '$5 USD', price: 2200, value: 5 } },
		{
			name: 'Xbox Game Pass Ultimate',
			price: 4000,
			quantity: 2,
			selectedDuration: { label: '1 Month', price: 4000, months: 1 },
			selectedAccountType: 'shared',
		},
		{ name: 'Grand Theft Auto V', price: 1500, quantity: 1 },
	],
	total: 11700,
	orderNumber: 'XBOX-1736933400000-42',
	date: new Date('2025-01-15T09:30:00Z'),
	trackingUrl: orderTrackingUrl('https://shop.example', 'XBOX-1736933400000-42'),
}

describe('payment confirmation message (§2 Payment details)', () => {
	it('names the customer, each item with its option and price × quantity, the total, order id and date', () => {
		const text = transferMessage(input, EN)
		expect(text).toContain('Customer: Ali Khan')
		expect(text).toContain('Email: ali@example.pk')
		expect(text).toContain('Phone: 03001234567')
		expect(text).toContain('1. Xbox Gift Card ($5 USD) - Rs. 2,200 × 1')
		expect(text).toContain('2. Xbox Game Pass Ultimate (1 Month, Shared account) - Rs. 4,000 × 2')
		expect(text).toContain('3. Grand Theft Auto V - Rs. 1,500 × 1')
		expect(text).toContain('*Total: Rs. 11,700*')
		expect(text).toContain('Order ID: XBOX-1736933400000-42')
		expect(text).toContain('Date: 15/01/2025, 14:30')
	})

	it('carries the order tracking link', () => {
		expect(transferMessage(input, EN)).toContain('Track my order: https://shop.example/order-status?internalOrderId=XBOX-1736933400000-42')
	})

	it('adds the provider order id only when there is one', () => {
		expect(transferMessage(input, EN)).not.toContain('PayPro Order ID')
		expect(transferMessage({ ...input, payproOrderId: 'PP-777' }, EN)).toContain('PayPro Order ID: PP-777')
	})

	it('survives the trip through a WhatsApp link', () => {
		const link = new URL(chatLink('923001234567', transferMessage(input, EN)))
		expect(link.searchParams.get('text')).toBe(transferMessage(input, EN))
	})

	it('writes the date in Pakistan time as dd/mm/yyyy', () => {
		expect(transferMessage({ ...input, date: new Date('2025-12-31T20:05:00Z') }, EN)).toContain('Date: 01/01/2026, 01:05')
	})

	it('is written in the page’s language: on an Urdu page the words are Urdu, the names, numbers and link as they are', () => {
		const text = transferMessage(input, UR)
		expect(text.split('\n')[0]).toBe('*ادائیگی کی تصدیق*')
		expect(text).toContain('نام: Ali Khan')
		expect(text).toContain('آرڈر نمبر: XBOX-1736933400000-42')
		expect(text).toContain('*کل رقم: Rs. 11,700*')
		expect(text).toContain('میرا آرڈر: https://shop.example/order-status?internalOrderId=XBOX-1736933400000-42')
		expect(text).not.toMatch(/Customer:|Payment Confirmation|[\u2066-\u2069\u200e\u200f]/)
	})
})
