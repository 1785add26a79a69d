// Every email the shop sends has an HTML part in the shop's look and a text part; neither carries
// delivery codes. Brevo gets the HTML, the text and the headers, except on its template path (§7),
// which stays templateId and params only. Over real HTTP against the Brevo stand-in.
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../orders/order'
import { brevoProvider } from '../../integrations/email/brevo.server'
import type { OutgoingEmail } from '../../integrations/email/types'
import { parseEnv, useEnv } from '../../utils/env.server'
import { startFakeBrevo, type FakeBrevo } from '../../../tests/fakes/brevo-server'
import { orderDeliveredEmail } from './order-delivered-email.server'
import { orderPaidEmail } from './order-paid-email.server'
import { orderPlacedEmail } from './order-placed-email.server'
import { renewalReminderEmail } from './renewal-reminder-email.server'
import { signInEmail } from './sign-in-email.server'
import { subscriptionReminderEmail } from './subscription-reminder-email.server'
import { plainSubject, type QueuedEmail } from './queue-email.server'
import { ur } from '../../i18n/ur'
import { setDeliveryKey } from '../fulfillment/delivery-crypto.server'
import crypto from 'node:crypto'

const SECRET_CODE = 'XBOX-SECRET-CODE-12345'
const order = {
	orderNumber: 'GV-20261124-0042',
	accessToken: 'tok_abc',
	customerName: 'Ali Raza',
	customerEmail: 'ali@example.pk',
	totalAmount: 2700,
	productDetails: [{ id: 1, name: 'Xbox Game Pass Ultimate', image: '/media/cover.webp', price: 2700, quantity: 1, selectedDuration: { label: '1 Month', months: 1 }, selectedAccountType: 'shared' }],
	deliveryContent: SECRET_CODE,
} as unknown as Order

function expectWellFormed(email: QueuedEmail, facts: string[]) {
	expect(email.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1.0 Transitional/)
	expect(email.html).toContain('GameVault Test')
	expect(email.html).not.toContain('<script')
	expect(email.text.length).toBeGreaterThan(40)
	for (const part of [email.html!, email.text]) expect(part).not.toContain(SECRET_CODE)
	for (const fact of facts) {
		expect(email.html).toContain(fact.replaceAll('&', '&amp;'))
		expect(email.text).toContain(fact)
	}
	if (process.env.EMAIL_SHOTS_DIR) fs.writeFileSync(`${process.env.EMAIL_SHOTS_DIR}/${email.dedupeKey.replace(/[^a-z0-9-]+/gi, '_')}.html`, email.html!)
}

let brevo: FakeBrevo
beforeAll(async () => {
	useEnv(parseEnv({ PUBLIC_URL: 'https://shop.example.pk', BREVO_TEMPLATE_ID: '2' }))
	setDeliveryKey(crypto.randomBytes(32))
	brevo = await startFakeBrevo()
})
afterAll(() => brevo.close())

describe('HTML emails', () => {
	it('payment confirmed: preparing and delivered already, with the amount and the order link', () => {
		const preparing = orderPaidEmail(order, 'GameVault Test')
		expectWellFormed(preparing, ['GV-20261124-0042', 'https://shop.example.pk/order-status?internalOrderId=GV-20261124-0042'])
		expect(preparing.html).toContain('Rs. 2,700')
		expect(preparing.html).toContain('Track your order')
		expect(preparing.templateId).toBe(2)
		const delivered = orderPaidEmail(order, 'GameVault Test', { delivered: true })
		expectWellFormed(delivered, ['GV-20261124-0042'])
		expect(delivered.html).toContain('Paid and delivered')
	})

	it('order placed by transfer: the amount, the accounts to pay and the receipt link', () => {
		const email = orderPlacedEmail(order, 'GameVault Test', [
			{ method: 'Meezan Bank', holder: 'GameVault Test', account: 'PK36MEZN0001234567890123' },
			{ method: 'JazzCash', holder: 'GameVault Test', account: '03001234567' },
		])
		expectWellFormed(email, ['GV-20261124-0042', 'Rs. 2,700', 'Meezan Bank', 'PK36MEZN0001234567890123', '03001234567', 'https://shop.example.pk/order-status?internalOrderId=GV-20261124-0042'])
		expect(email.html).toContain('Upload your receipt')
	})

	it('delivery ready links to the order, never the codes', () => {
		const email = orderDeliveredEmail(order, 'GameVault Test')
		expectWellFormed(email, ['GV-20261124-0042', 'https://shop.example.pk/order-status?internalOrderId=GV-20261124-0042'])
		// Every email's footer says where to ask: the shop's contact page, with its WhatsApp number.
		expect(email.html).toContain('href="https://shop.example.pk/contact"')
	})

	it('reminders carry the renew or order link and the unsubscribe link, with the one-click headers', () => {
		const endsAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)
		const dm = subscriptionReminderEmail(order, 'before', endsAt, 'GameVault Test')
		expectWellFormed(dm, ['GV-20261124-0042', dm.params.UNSUBSCRIBE_URL!])
		expect(dm.headers!['List-Unsubscribe']).toBe(`<${dm.params.UNSUBSCRIBE_URL}>`)
		const renewal = renewalReminderEmail(order, 0, 'before', endsAt, 'GameVault Test')
		expectWellFormed(renewal, ['GV-20261124-0042', renewal.params.RENEW_URL!, renewal.params.UNSUBSCRIBE_URL!])
		expect(renewal.html).toContain('Renew now')
	})

	it('sign-in shows the code big, the link as a button and how long they work', () => {
		const email = signInEmail({ id: 7, email: 'ali@example.pk', token: 'tk', code: '493817', orderNumber: null, next: null, storeName: 'GameVault Test', minutes: 15 })
		expectWellFormed(email, ['493817', email.params.SIGN_IN_URL!])
		expect(email.html).toMatch(/font-size:32px[^>]*>493817</)
		expect(email.html).toContain('work once, for 15 minutes')
	})
})

describe('Brevo', () => {
	const base: OutgoingEmail = {
		idempotencyKey: 'k-1',
		to: { email: 'ali@example.pk', name: 'Ali Raza' },
		from: 'shop@example.pk',
		fromName: 'GameVault Test',
		subject: 'Your Game Pass ends in 3 days',
		text: 'Hi Ali',
		html: '<p>Hi Ali</p>',
		headers: { 'List-Unsubscribe': '<https://shop.example.pk/unsubscribe?t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
		templateId: null,
		params: { NAME: 'Ali' },
	}

	it('a non-template email carries subject, htmlContent, textContent and its headers', async () => {
		brevo.reset()
		await brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }).send(base)
		expect(brevo.sent()[0]!.body).toEqual({
			sender: { name: 'GameVault Test', email: 'shop@example.pk' },
			to: [{ email: 'ali@example.pk', name: 'Ali Raza' }],
			subject: 'Your Game Pass ends in 3 days',
			htmlContent: '<p>Hi Ali</p>',
			textContent: 'Hi Ali',
			headers: { 'List-Unsubscribe': '<https://shop.example.pk/unsubscribe?t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', idempotencyKey: 'k-1' },
		})
	})

	it('a template email goes as templateId and params only, even with an HTML part queued', async () => {
		brevo.reset()
		await brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }).send({ ...base, headers: null, templateId: 2 })
		expect(brevo.sent()[0]!.body).toEqual({
			sender: { name: 'GameVault Test', email: 'shop@example.pk' },
			to: [{ email: 'ali@example.pk', name: 'Ali Raza' }],
			templateId: 2,
			params: { NAME: 'Ali' },
			headers: { idempotencyKey: 'k-1' },
		})
	})
})

describe('emails in the order’s language', () => {
	const urdu = { ...order, lang: 'ur' } as unknown as Order

	it('an Urdu order’s emails are Urdu, right to left, and link to its Urdu pages', () => {
		const emails = [
			orderPaidEmail(urdu, 'GameVault Test'),
			orderPlacedEmail(urdu, 'GameVault Test', [{ method: 'JazzCash', holder: 'GameVault Test', account: '03001234567' }]),
			orderDeliveredEmail(urdu, 'GameVault Test'),
			subscriptionReminderEmail(urdu, 'before', new Date(Date.now() + 3 * 24 * 60 * 60 * 1000), 'GameVault Test'),
			renewalReminderEmail(urdu, 0, 'before', new Date(Date.now() + 3 * 24 * 60 * 60 * 1000), 'GameVault Test'),
		]
		for (const email of emails) {
			expectWellFormed(email, ['GV-20261124-0042'])
			expect(email.html).toContain('<html dir="rtl" lang="ur">')
			expect(email.subject).toMatch(/[\u0600-\u06ff]/)
			expect(email.text).toContain('السلام علیکم Ali Raza،')
			expect(email.html).toContain('https://shop.example.pk/ur/')
			expect(email.text).not.toContain('https://shop.example.pk/order-status')
			expect(email.html).not.toContain('Thank you for shopping')
		}
		expect(emails[0]!.html).toContain('href="https://shop.example.pk/ur/order-status?internalOrderId=GV-20261124-0042&amp;token=tok_abc"')
		expect(emails[0]!.html).toContain('Rs. 2,700')
		expect(emails[0]!.html).toContain('اپنا آرڈر دیکھیں')
		expect(emails[4]!.params.RENEW_URL).toMatch(/^https:\/\/shop\.example\.pk\/ur\/renew\//)
		// The owner's Brevo template is English: the Urdu email goes as the shop drew it.
		expect(emails[0]!.templateId).toBeNull()
		expect(orderPaidEmail({ ...order, lang: 'en' } as unknown as Order, 'GameVault Test').templateId).toBe(2)
	})

	it('an Urdu subject is plain text: no direction marks a mail client would show, the order number readable as typed', () => {
		const marks = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/
		const subjects = [
			orderPaidEmail(urdu, 'GameVault Test').subject,
			orderPlacedEmail(urdu, 'GameVault Test', [{ method: 'JazzCash', holder: 'GameVault Test', account: '03001234567' }]).subject,
			orderDeliveredEmail(urdu, 'GameVault Test').subject,
		]
		expect(subjects).toEqual(['آرڈر GV-20261124-0042 کنفرم: ادائیگی موصول ہو گئی', 'آرڈر GV-20261124-0042 ہو گیا: Rs. 2,700 ٹرانسفر سے ادا کریں', 'آرڈر GV-20261124-0042 ڈیلیور ہو گیا'])
		const signIn = signInEmail({ id: 8, email: 'ali@example.pk', token: 'tk', code: '493817', orderNumber: null, next: null, storeName: 'GameVault Test', minutes: 15, lang: 'ur' })
		for (const subject of [...subjects, signIn.subject]) expect(subject).not.toMatch(marks)
		// Every Urdu subject in the catalogue, and whatever reaches the outbox, is plain.
		for (const [key, text] of Object.entries(ur.email)) if (/subject/i.test(key)) expect(text, key).not.toMatch(marks)
		expect(plainSubject('آرڈر \u2068GV-1\u2069 \u200fمنسوخ\n')).toBe('آرڈر GV-1 منسوخ')
	})

	it('an English order’s emails stay English, left to right', () => {
		const email = orderPaidEmail({ ...order, lang: 'en' } as unknown as Order, 'GameVault Test')
		expect(email.html).toContain('<html dir="ltr" lang="en">')
		expect(email.subject).toBe('Order GV-20261124-0042 confirmed: payment received')
		expect(email.text).toContain('We have received your payment for order GV-20261124-0042 (Xbox Game Pass Ultimate).')
	})

	it('the sign-in code follows the page it was asked from', () => {
		const email = signInEmail({ id: 8, email: 'ali@example.pk', token: 'tk', code: '493817', orderNumber: 'GV-20261124-0042', next: null, storeName: 'GameVault Test', minutes: 15, lang: 'ur' })
		expect(email.html).toContain('<html dir="rtl" lang="ur">')
		expect(email.params.SIGN_IN_URL).toBe('https://shop.example.pk/ur/my-orders/verify?token=tk&next=%2Fur%2Forder-status%3FinternalOrderId%3DGV-20261124-0042')
		expect(email.html).toContain('میرے آرڈر کھولیں')
	})
})
