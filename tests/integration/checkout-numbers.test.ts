// Checkout over HTTP (§7 call 5) with numbers as buyers type them, and every field's problem at once:
// a phone in Urdu digits or with 0092 in front places the order (stored as 03XXXXXXXXX); three wrong
// fields are three messages in one answer, in the page's language; the order page finds an order
// number typed in Urdu digits.
import { describe, expect, it } from 'vitest'
import { translator } from '../../app/i18n/messages.server'
import { checkoutBody, orderRow } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

interface CheckoutJson {
	status: string
	error?: string
	orderNumber?: string
	fieldErrors?: Record<string, string>
}

const URDU_DIGITS = '۰۱۲۳۴۵۶۷۸۹'
const inUrduDigits = (text: string) => text.replace(/[0-9]/g, (d) => URDU_DIGITS[Number(d)]!)

describe.each(databaseKinds)('checkout with numbers as typed on %s', (kind) => {
	const testShop = useTestShop(kind, 'checkout_numbers', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' })
	const checkout = async (body: unknown) => {
		const res = await fetch(`${testShop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
		return { res, body: (await res.json()) as CheckoutJson }
	}

	it('places the order with a phone in Urdu digits, in Arabic-Indic digits, or with 0092 or +92 in front, and stores it as 03XXXXXXXXX', async () => {
		for (const customerMobile of ['۰۳۰۰ ۱۲۳۴۵۶۷', '٠٣٠٠-١٢٣٤٥٦٧', '0092 300 1234567', '+۹۲ ۳۰۰ ۱۲۳۴۵۶۷']) {
			const { res, body } = await checkout(checkoutBody(undefined, { customerMobile, paymentMethod: 'manual', lang: 'ur' }))
			expect(res.status, customerMobile).toBe(201)
			expect((await orderRow(testShop.db, body.orderNumber!))?.customerPhone, customerMobile).toBe('03001234567')
		}
	})

	it('answers every wrong field at once, each with its own sentence, in the page’s language', async () => {
		const wrong = { customerName: 'Ali 2', customerEmail: 'ali@', customerMobile: '0300 12' }
		const en = await checkout(checkoutBody(undefined, wrong))
		expect(en.res.status).toBe(400)
		expect(en.body.fieldErrors).toEqual({
			customerName: 'Name Cannot Contain Numbers & Special Letters',
			customerEmail: 'Please enter a valid email address.',
			customerMobile: 'Please enter a Pakistani mobile number, like 0300 1234567.',
		})
		const ur = await checkout(checkoutBody(undefined, { ...wrong, lang: 'ur' }))
		const t = translator('ur')
		expect(ur.body.fieldErrors).toEqual({ customerName: t('checkout.nameSubmit'), customerEmail: t('checkout.emailInvalid'), customerMobile: t('checkout.phoneInvalid') })
		// Blank fields are named together too.
		const blank = await checkout(checkoutBody(undefined, { customerName: ' ', customerEmail: '', customerMobile: '' }))
		expect(Object.keys(blank.body.fieldErrors ?? {}).sort()).toEqual(['customerEmail', 'customerMobile', 'customerName'])
	})

	it('refuses a phone past its length bound, or with letters, however it is written', async () => {
		for (const customerMobile of [`0300${' '.repeat(40)}1234567`, '۰۳۰۰ abc ۱۲۳۴۵۶۷', '0044 300 1234567']) {
			const { res, body } = await checkout(checkoutBody(undefined, { customerMobile }))
			expect(res.status, customerMobile).toBe(400)
			expect(body.fieldErrors, customerMobile).toEqual({ customerMobile: 'Please enter a Pakistani mobile number, like 0300 1234567.' })
		}
	})

	it('finds an order by its number typed in Urdu digits', async () => {
		const { body } = await checkout(checkoutBody(undefined, { paymentMethod: 'manual' }))
		const typed = inUrduDigits(body.orderNumber!)
		expect(typed).not.toBe(body.orderNumber)
		const res = await fetch(`${testShop.url}/ur/order-status?internalOrderId=${encodeURIComponent(`#${typed}`)}`)
		expect(res.status).toBe(200)
		expect(await res.text()).toContain(body.orderNumber!)
	})
})
