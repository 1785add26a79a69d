// Paying an unpaid order from its own page, over HTTP against the real server and its PayPro
// simulator, as a browser without scripts does it (plain forms, 303s back to the page): a transfer
// buyer who comes back later, an online payment left on PayPro's page, and an unknown order number.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { emailOutbox } from '../../app/db/schema'
import { RECEIPT_NO_ACCESS, RECEIPT_NOT_IMAGE } from '../../app/domain/payments/receipt-rules'
import { readStoreDetails } from '../../app/domain/settings/store-details.server'
import type { RunningShop } from '../../server/start'
import { expireOrder } from '../setup/orders'
import { checkoutBody, orderRow, nextTid, png } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { withoutScripts } from '../setup/page-text'
import { inEnglish } from '../../app/i18n/english'

const PAGE = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
const decoded = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/&quot;/g, '"')

describe.each(databaseKinds)('paying an unpaid order from its page on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	const testShop = useTestShop(kind, 'order_pay', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	}, 120_000)

	async function checkout(paymentMethod: 'manual' | 'paypro') {
		const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody(undefined, { paymentMethod })) })
		expect(res.status).toBeLessThan(300)
		const body = (await res.json()) as { orderNumber: string; paymentUrl?: string }
		return { ...body, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
	}

	const orderPage = async (query: string, cookie = '') => {
		const res = await fetch(`${shop.url}/order-status?${query}`, { headers: { ...PAGE, cookie } })
		return { status: res.status, html: decoded(withoutScripts(await res.text())) }
	}

	/** The receipt form as a browser without scripts posts it. */
	function postReceiptForm(orderNumber: string, cookie: string, bytes: Uint8Array, name = 'receipt.png') {
		const form = new FormData()
		form.append('transactionId', nextTid())
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append('receipt', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
		return fetch(`${shop.url}/api/order/${encodeURIComponent(orderNumber)}/receipt`, { method: 'POST', headers: { ...PAGE, cookie, Origin: shop.url }, body: form, redirect: 'manual' })
	}

	const postPayAgainForm = (orderNumber: string, cookie: string, paymentMethod: string) =>
		fetch(`${shop.url}/api/order/${encodeURIComponent(orderNumber)}/pay-again`, {
			method: 'POST',
			headers: { ...PAGE, cookie, Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ paymentMethod }),
			redirect: 'manual',
		})

	it('a transfer buyer coming back sees the accounts, the amount, the reference and a plain upload form; the form comes back to the page awaiting confirmation', async () => {
		const { orderNumber, cookie } = await checkout('manual')
		const { transferAccounts } = await readStoreDetails(db)
		expect(transferAccounts.length).toBeGreaterThan(0)

		const { html } = await orderPage(`internalOrderId=${orderNumber}`, cookie)
		for (const account of transferAccounts) expect(html).toContain(account.account)
		expect(html).toContain('Rs. 3,200')
		expect(html).toContain('Write this as the payment reference:')
		expect(html).toMatch(new RegExp(`data-testid="transfer-reference"[^>]*>${orderNumber}<`))
		expect(html).toContain(`action="/api/order/${orderNumber}/receipt"`)
		expect(html).toMatch(/enctype="multipart\/form-data"/i)
		expect(html).not.toContain('Almost Ready!')

		// A stranger with the number sees neither the accounts form nor the upload (ADR-005).
		const stranger = await orderPage(`internalOrderId=${orderNumber}`)
		expect(stranger.html).not.toContain(`action="/api/order/${orderNumber}/receipt"`)
		const refused = await postReceiptForm(orderNumber, '', png())
		expect(refused.status).toBe(303)
		expect(refused.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}&receipt=no-access`)
		expect((await orderPage(`internalOrderId=${orderNumber}&receipt=no-access`)).html).toContain(inEnglish(RECEIPT_NO_ACCESS))

		// A file that is not an image: one clear message on the order page, nothing stored.
		const wrong = await postReceiptForm(orderNumber, cookie, new Uint8Array(Buffer.from('%PDF-1.7 not a screenshot')), 'receipt.pdf')
		expect(wrong.status).toBe(303)
		expect(wrong.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}&receipt=not-image`)
		expect((await orderPage(`internalOrderId=${orderNumber}&receipt=not-image`, cookie)).html).toContain(inEnglish(RECEIPT_NOT_IMAGE))
		expect((await orderRow(db, orderNumber))!).toMatchObject({ paymentStatus: 'awaiting_payment', receiptPath: null })

		const sent = await postReceiptForm(orderNumber, cookie, png())
		expect(sent.status).toBe(303)
		expect(sent.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}&receipt=uploaded`)
		expect((await orderRow(db, orderNumber))!).toMatchObject({ paymentStatus: 'awaiting_confirmation', paymentMethod: 'manual', receiptPath: expect.any(String) })
		const after = await orderPage(`internalOrderId=${orderNumber}&receipt=uploaded`, cookie)
		expect(after.html).toContain('Receipt received, awaiting confirmation.')
		expect(after.html).not.toContain('Write this as the payment reference:')

		// The page that once dead-ended sends a link that names the order to the order's page.
		const details = await fetch(`${shop.url}/payment-details?order=${orderNumber}`, { headers: PAGE, redirect: 'manual' })
		expect(details.status).toBe(302)
		expect(details.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}`)
	})

	it('the order-placed email says where the receipt is uploaded, with the reference to write', async () => {
		const { orderNumber } = await checkout('manual')
		const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-placed:${orderNumber}`))
		expect(email!.text).toContain(`Write ${orderNumber} as the payment reference.`)
		expect(email!.text).toMatch(new RegExp(`upload a screenshot of your payment receipt on your order page, which also keeps these accounts: \\S+/order-status\\?internalOrderId=${orderNumber}&token=`))
	})

	it('an online payment left on PayPro’s page: "Continue to payment" as a plain form goes back to the same page, "Pay by transfer instead" to the transfer details; a payment on the old page still completes the order', async () => {
		const { orderNumber, paymentUrl, cookie } = await checkout('paypro')
		const before = await orderPage(`internalOrderId=${orderNumber}`, cookie)
		expect(before.html).toContain('Continue to payment')
		expect(before.html).toContain('Pay by transfer instead')
		expect(before.html).not.toContain('Almost Ready!')
		expect(before.html).toContain(`action="/api/order/${orderNumber}/pay-again"`)

		// Someone with only the number cannot.
		const stranger = await postPayAgainForm(orderNumber, '', 'paypro')
		expect(stranger.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}&payAgain=failed`)

		const again = await postPayAgainForm(orderNumber, cookie, 'paypro')
		expect(again.status).toBe(303)
		expect(again.headers.get('location')).toBe(paymentUrl)

		const transfer = await postPayAgainForm(orderNumber, cookie, 'manual')
		expect(transfer.status).toBe(303)
		expect(transfer.headers.get('location')).toBe(`/order-status?internalOrderId=${orderNumber}#pay-by-transfer`)
		expect((await orderRow(db, orderNumber))!).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'manual', paymentUrl })
		const page = await orderPage(`internalOrderId=${orderNumber}`, cookie)
		expect(page.html).toContain('Write this as the payment reference:')
		expect(page.html).not.toContain('Continue to payment')

		// The buyer had paid on PayPro's page after all: the simulator's callback completes the order.
		const paid = await fetch(paymentUrl!, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
		expect(paid.status).toBe(303)
		expect((await orderRow(db, orderNumber))!.paymentStatus).toBe('paid')
		expect(await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-paid:${orderNumber}`))).toHaveLength(1)
	})

	it('a failed payment promises no deliverables', async () => {
		const { orderNumber, paymentUrl, cookie } = await checkout('paypro')
		await fetch(paymentUrl!, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }), redirect: 'manual' })
		const { html } = await orderPage(`internalOrderId=${orderNumber}`, cookie)
		expect(html).toContain('Payment Failed')
		expect(html).not.toContain('Almost Ready!')
		expect(html).toContain('Nothing to deliver yet: this order is not paid.')
		expect(html).toContain('Try again')
	})

	it('an order the shop closed unpaid (past its time limit) says nothing was charged and links to a checkout of the same line at today\'s price', async () => {
		const { orderNumber, cookie } = await checkout('paypro')
		const row = (await orderRow(db, orderNumber))!
		await expireOrder(db, row)
		const { html } = await orderPage(`internalOrderId=${orderNumber}`, cookie)
		expect(html).toContain('Payment Failed')
		expect(html).toContain('This order was closed because it was not paid in time.')
		expect(html).not.toContain('Almost Ready!')
		const line = row.productDetails[0]!
		const again = html.match(/href="(\/checkout\?product=[^"]+)"/)
		expect(again, 'an order-again link').not.toBeNull()
		const checkoutPage = await fetch(`${shop.url}${again![1]!}`, { headers: PAGE })
		expect(checkoutPage.status).toBe(200)
		const checkoutHtml = decoded(withoutScripts(await checkoutPage.text()))
		expect(checkoutHtml).toContain(line.name)
		expect(checkoutHtml).toContain('Rs. 3,200')
	})

	it('an unknown order id is "Order Not Found" in the page the server sends, at once; the API says looking again will not help', async () => {
		for (const [query, message] of [
			['ordId=999999999999999', 'Order not found with ID: 999999999999999.'],
			['internalOrderId=XGC-1-404', 'Order not found with internal order ID: XGC-1-404.'],
		] as const) {
			const started = performance.now()
			const { html } = await orderPage(query)
			expect(performance.now() - started).toBeLessThan(1500)
			expect(html).toContain('Order Not Found')
			expect(html).toContain(message)
			const api = await fetch(`${shop.url}/api/order?${query}`)
			expect(api.status).toBe(404)
			expect(await api.json()).toEqual({ error: 'Order not found', retry: false })
		}
		// The spec's last attempt (a partial match) is made at once too.
		const { orderNumber } = await checkout('manual')
		const { html } = await orderPage(`ordId=${orderNumber.slice(2)}`)
		expect(html).toContain(orderNumber)
		expect(html).not.toContain('Order Not Found')
	})
})
