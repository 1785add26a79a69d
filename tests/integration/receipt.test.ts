// The buyer's printable receipt (/receipt/:orderNumber) over HTTP against the real server: the order's
// cookie or the buyer signed in with its email sees it; everyone else gets the 404 of an unknown order.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../app/db/schema'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { formatPakistanTime } from '../../app/utils/pakistan-time'
import type { RunningShop } from '../../server/start'
import { checkoutBody, giftCard10, orderRow } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { withoutScripts } from '../setup/page-text'
import { buyerSessionCookie } from '../setup/buyers'

const json = { 'Content-Type': 'application/json' }
/** Two months of Game Pass Ultimate, shared: Rs. 2,700 each in the catalogue. */
const ultimateShared = { id: 1, quantity: 2, selectedDuration: { label: '1 Month', months: 1 }, selectedAccountType: 'shared' }

/** The page's text without React's text separators, so 'Rs. 1,200' reads as one string. */
const textOf = async (res: Response) => withoutScripts(await res.text()).replace(/<!-- -->/g, '')

describe.each(databaseKinds)('the receipt page on %s', (kind) => {
	let shop: RunningShop
	const testShop = useTestShop(kind, 'receipt', { CHECKOUT_RATE_LIMIT: '1000' })

	beforeAll(async () => {
		shop = testShop.shop
	})

	/** Checks out over HTTP as the checkout page does; returns the order number and the order's cookie. */
	async function checkout(extra: Record<string, unknown> = {}, lines: unknown[] = [ultimateShared, giftCard10]) {
		const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody(lines, extra)) })
		expect(res.status).toBeLessThan(300)
		const body = (await res.json()) as { orderNumber: string; totalAmount: number }
		return { orderNumber: body.orderNumber, total: body.totalAmount, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
	}

	const receipt = (orderNumber: string, cookie?: string) => fetch(`${shop.url}/receipt/${orderNumber}`, { headers: cookie ? { Cookie: cookie } : {} })

	/** A buyer_session cookie for a buyer who has ordered with this email and signs in through the shop's own sign-in. */
	async function sessionFor(email: string) {
		await checkout({ customerEmail: email }, [giftCard10])
		return buyerSessionCookie(shop.database.db, email)
	}

	it('shows a paid order’s receipt to the holder of its cookie: each line, the total in rupees, the payment method and both dates', async () => {
		const { orderNumber, total, cookie } = await checkout()
		expect(total).toBe(2 * 2700 + 3200)
		const [row] = await shop.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber))
		await markOrderPaid(shop.database.db, row!.id)
		const paid = (await orderRow(shop.database.db, orderNumber))!

		const res = await receipt(orderNumber, cookie)
		expect(res.status).toBe(200)
		expect(res.headers.get('cache-control')).toBe('private, no-store')
		const html = await textOf(res)
		expect(html).toContain('<h1 id="receipt-title">Receipt</h1>')
		expect(html).not.toContain('not a receipt')
		expect(html).toContain(orderNumber)
		expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/)
		// Each line: its name, option, quantity, unit price and amount.
		expect(html).toContain('Xbox Game Pass Ultimate')
		expect(html).toContain('1 Month · Shared account')
		expect(html).toContain('<td class="num receipt-wide">2</td>')
		expect(html).toContain('<td class="num receipt-wide">Rs. 2,700</td>')
		expect(html).toContain('<td class="num">Rs. 5,400</td>')
		expect(html).toContain('$10 USD')
		expect(html).toContain('<td class="num">Rs. 3,200</td>')
		expect(html).toMatch(/Total<\/th><td class="receipt-wide"><\/td><td class="receipt-wide"><\/td><td class="num">Rs. 8,600<\/td>/)
		expect(html).toContain('Online payment through PayPro')
		expect(html).toContain('Payment Successful')
		expect(html).toContain(formatPakistanTime(paid.createdAt.toISOString()))
		expect(html).toContain(`Paid on</dt><dd><time dateTime="${paid.paidAt!.toISOString()}">${formatPakistanTime(paid.paidAt!.toISOString())}</time>`)
		expect(html).toContain('Ali Khan')
		expect(html).toContain('ali@<wbr/>example.pk')
		expect(html).toContain('Thank you for your purchase')
		expect(html).toContain('Print or save as PDF')
		expect(html).toContain(`href="/order-status?internalOrderId=${orderNumber}"`)

		// The order page links to it.
		const orderPage = await textOf(await fetch(`${shop.url}/order-status?internalOrderId=${orderNumber}`, { headers: { Cookie: cookie } }))
		expect(orderPage).toContain(`href="/receipt/${orderNumber}"`)
	})

	it('calls an unpaid order an order summary that is not a receipt, with the transfer named as the payment method', async () => {
		const { orderNumber, cookie } = await checkout({ paymentMethod: 'manual' }, [giftCard10])
		const res = await receipt(orderNumber, cookie)
		expect(res.status).toBe(200)
		const html = await textOf(res)
		expect(html).toContain('<h1 id="receipt-title">Order summary</h1>')
		expect(html).not.toContain('<h1 id="receipt-title">Receipt</h1>')
		expect(html).toContain('This order is not paid, so this page is not a receipt.')
		expect(html).toContain('Bank or wallet transfer')
		// An unpaid transfer waits for the transfer, in its own words (as an online payment does: "Awaiting payment").
		expect(html).toContain('<dt>Status</dt><dd>Awaiting payment</dd>')
		expect(html).not.toContain('Paid on')
		expect(html).not.toContain('Thank you for your purchase')
		expect(html).toContain('Rs. 3,200')
	})

	it('answers a stranger, another buyer and an unknown order with the same 404, telling nothing of the order', async () => {
		const { orderNumber, cookie } = await checkout()
		const unknown = `XGC-${'1'.repeat(orderNumber.length - 6)}-1`
		expect(unknown).toHaveLength(orderNumber.length)
		// The page names the path it was asked for; with that and the per-request nonce set aside, every 404 is the same page.
		const page = async (res: Response, asked: string) => {
			expect(res.status).toBe(404)
			expect(res.headers.get('cache-control')).toBe('private, no-store')
			return (await res.text()).replaceAll(asked, '{order}').replace(/nonce="[^"]*"/g, 'nonce')
		}
		const ofUnknown = await page(await receipt(unknown), unknown)
		expect(ofUnknown).toContain('Receipt not found')

		const answers = [
			await receipt(orderNumber),
			// Another order's cookie, and a wrong token under this order's name.
			await receipt(orderNumber, (await checkout()).cookie),
			await receipt(orderNumber, `oa_${orderNumber}=not-the-token`),
			// Signed in, but with another email than the order's.
			await receipt(orderNumber, await sessionFor('someone.else@example.pk')),
		]
		for (const answer of answers) {
			const html = await page(answer, orderNumber)
			expect(html).toBe(ofUnknown)
			expect(html).not.toContain('Ali Khan')
			expect(html).not.toContain('Rs. 8,600')
			expect(html).not.toContain('Xbox Gift Card')
		}
		// The cookie still opens it.
		expect((await receipt(orderNumber, cookie)).status).toBe(200)
	})

	it('shows the receipt to the buyer signed in with the order’s email, without the order’s cookie', async () => {
		const { orderNumber } = await checkout({ customerEmail: 'sara@example.pk' })
		const res = await receipt(orderNumber, await sessionFor('sara@example.pk'))
		expect(res.status).toBe(200)
		expect(await textOf(res)).toContain('sara@<wbr/>example.pk')
	})

	it('refuses hostile order numbers with a 4xx, never a 500', async () => {
		const paths = ['%00', `XGC-1%00`, '9'.repeat(10_000), '%ZZ', 'XGC-%ZZ-1', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A']
		for (const p of paths) {
			const res = await fetch(`${shop.url}/receipt/${p}`)
			expect(res.status, p).toBeGreaterThanOrEqual(400)
			expect(res.status, p).toBeLessThan(500)
			expect(withoutScripts(await res.text())).not.toContain('Unexpected Application Error')
		}
	})
})
