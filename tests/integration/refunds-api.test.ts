// Cancels and refunds over HTTP (issue 23): the console API's endpoints with an X-ADMIN-KEY of the
// right scope and with staff sessions (refunds need the owner's "May refund orders"), every bad input
// refused with a sentence (400, never 500), a refund past what was paid refused, and the console
// order page's forms. On every database.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, orderLines } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { recordPaymentAfterCancel } from '../../app/domain/payments/mark-order-paid.server'
import { payByProvider } from '../setup/orders'
import { orderRow, placeOrder } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

describe.each(databaseKinds)('cancels and refunds over HTTP on %s', (kind) => {
	let db: Db
	let refundsKey: string
	let stockKey: string
	const testShop = useTestShop(kind, 'refunds-api', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'refunds-owner-password' })

	beforeAll(async () => {
		db = testShop.shop.database.db
		refundsKey = (await createApiKey(db, 'Money desk', null, { scopes: ['refunds', 'dm-orders'] })).key
		stockKey = (await createApiKey(db, 'Stock desk', null, { scopes: ['stock'] })).key
	})

	const api = (path: string, json: unknown, headers: Record<string, string> = { 'X-ADMIN-KEY': refundsKey }) =>
		fetch(`${testShop.url}${path}`, { method: 'POST', headers: { Origin: testShop.url, 'Content-Type': 'application/json', ...headers }, body: typeof json === 'string' ? json : JSON.stringify(json) })
	/** A placed order marked paid (as a confirmed transfer leaves it), with its line ids. */
	async function paidOrder() {
		const order = await placeOrder(db)
		await payByProvider(db, order)
		const lines = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id))
		return { ...order, lineIds: lines.map((l) => l.id) }
	}

	it('cancels an unpaid order (200) and refuses to cancel it again (409), both with sentences', async () => {
		const order = await placeOrder(db)
		const res = await api(`/api/admin/orders/${order.orderNumber}/cancel`, { reason: 'Out of stock' })
		expect(res.status).toBe(200)
		expect(await res.json()).toEqual({ orderNumber: order.orderNumber, paymentStatus: 'cancelled', cancelReason: 'Out of stock' })
		const again = await api(`/api/admin/orders/${order.orderNumber}/cancel`, { reason: 'Out of stock' })
		expect(again.status).toBe(409)
		expect(await again.json()).toMatchObject({ error: `Order ${order.orderNumber} cannot be cancelled: its payment is cancelled.` })
		const page = await (await fetch(`${testShop.url}/order-status?internalOrderId=${order.orderNumber}`)).text()
		expect(page).toContain('Out of stock')
	})

	it('refunds a paid order (201), partly then in full, and refuses past what was paid', async () => {
		const order = await paidOrder()
		const total = order.totalAmount
		const part = await api(`/api/admin/orders/${order.orderNumber}/refunds`, { amount: 100, method: 'wallet', reference: 'JC-1', reason: 'Price dropped', lines: [{ lineId: order.lineIds[0], quantity: 1 }] })
		expect(part.status).toBe(201)
		expect(await part.json()).toMatchObject({ amount: 100, method: 'wallet', reference: 'JC-1', paymentStatus: 'partly_refunded', refundedAmount: 100, refundable: total - 100 })
		const over = await api(`/api/admin/orders/${order.orderNumber}/refunds`, { amount: total, method: 'bank', reason: 'All' })
		expect(over.status).toBe(400)
		expect(await over.json()).toMatchObject({ error: expect.stringContaining('is more than is left to refund'), fieldErrors: { amount: expect.any(String) } })
		const rest = await api(`/api/admin/orders/${order.orderNumber}/refunds`, { amount: total - 100, method: 'bank', reason: 'All' })
		expect(rest.status).toBe(201)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: total })
		const page = await fetch(`${testShop.url}/order-status?internalOrderId=${order.orderNumber}`)
		expect(await page.text()).toContain('Refunded')
	})

	it('refuses bad refund input with a sentence (400), an unpaid order with 409, and a key without the refunds scope with 403', async () => {
		const order = await paidOrder()
		const path = `/api/admin/orders/${order.orderNumber}/refunds`
		const cases: [unknown, RegExp][] = [
			[{ amount: -5, method: 'bank', reason: 'x' }, /amount to refund in whole rupees/],
			[{ amount: 'lots', method: 'bank', reason: 'x' }, /amount to refund in whole rupees/],
			[{ amount: 1.5, method: 'bank', reason: 'x' }, /amount to refund in whole rupees/],
			[{ amount: 100, method: 'cash', reason: 'x' }, /PayPro, bank, wallet or store credit/],
			[{ amount: 100, method: 'bank' }, /Please give reason|write a reason/],
			[{ amount: 100, method: 'bank', reason: '   ' }, /write a reason/],
			[{ amount: 100, method: 'bank', reason: 'x', units: 'keep' }, /"return".*"void"/],
			[{ amount: 100, method: 'bank', reason: 'x', lines: [{ lineId: 'abc', quantity: 1 }] }, /lineId must be a line of this order/],
			[{ amount: 100, method: 'bank', reason: 'x', lines: [{ lineId: order.lineIds[0], quantity: 0 }] }, /quantity of 1 or more/],
			[{ amount: 100, method: 'bank', reason: 'x', lines: [{ lineId: 2147483648, quantity: 1 }] }, /lineId must be a line of this order/],
			[{ amount: 100, method: 'bank', reason: 'x', lines: [{ lineId: 99999, quantity: 1 }] }, /is not a line of order/],
			[{ amount: 100, method: 'bank', reason: 'x', surprise: true }, /unknown field/],
			[{ amount: 100, method: 'bank', reason: 'x'.repeat(501) }, /500 characters/],
			['{"amount":', /JSON|not valid|could not be read/i],
		]
		for (const [body, says] of cases) {
			const res = await api(path, body)
			expect(res.status, JSON.stringify(body)).toBe(400)
			expect((await res.json()).error).toMatch(says)
		}
		const unpaid = await placeOrder(db)
		const refused = await api(`/api/admin/orders/${unpaid.orderNumber}/refunds`, { amount: 100, method: 'bank', reason: 'x' })
		expect(refused.status).toBe(409)
		expect((await refused.json()).error).toBe(`Order ${unpaid.orderNumber} cannot be refunded in part: its payment is awaiting payment.`)
		const missing = await api('/api/admin/orders/NO-SUCH-ORDER/refunds', { amount: 100, method: 'bank', reason: 'x' })
		expect(missing.status).toBe(404)
		const noScope = await api(path, { amount: 100, method: 'bank', reason: 'x' }, { 'X-ADMIN-KEY': stockKey })
		expect(noScope.status).toBe(403)
		expect((await noScope.json()).error).toContain('“refunds” scope')
	})

	it('lets staff refund only once the owner allows it, from the console order page too', async () => {
		const staff = await createStaff(db, { email: 'cashier@example.pk', name: 'Cashier', role: 'staff', password: 'cashier-password-1' })
		const cookie = await signInOverHttp(testShop.url, staff.email, staff.password, '198.51.100.40')
		const order = await paidOrder()
		const refused = await api(`/api/admin/orders/${order.orderNumber}/refunds`, { amount: 100, method: 'bank', reason: 'x' }, { Cookie: cookie })
		expect(refused.status).toBe(403)
		expect((await refused.json()).error).toBe('Only the shop owner, or staff the owner lets refund orders, may do this.')
		const form = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/orders/${order.orderNumber}`, { method: 'POST', headers: { Origin: testShop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		const fields = { intent: 'refund', amount: '100', method: 'bank', reference: '', reason: 'Price dropped', units: 'void' }
		expect((await form(fields)).status).toBe(403)

		await setStaffGrants(db, { staffId: null, label: 'owner@example.pk' }, staff.id, ['refunds'])
		const bad = await form({ ...fields, amount: 'ten' })
		expect(bad.status).toBe(400)
		// A line's quantity that is no number, and a line of another order: sentences, never a 500.
		const notANumber = await form({ ...fields, [`line-${order.lineIds[0]}`]: 'one' })
		expect(notANumber.status).toBe(400)
		expect(await notANumber.text()).toContain('Each line needs a quantity of 1 or more.')
		const strange = await form({ ...fields, 'line-2147483648': '1' })
		expect(strange.status).toBe(400)
		const elsewhere = await form({ ...fields, 'line-99999': '1' })
		expect(elsewhere.status).toBe(400)
		expect(await elsewhere.text()).toContain(`Line 99999 is not a line of order ${order.orderNumber}.`)
		const ok = await form({ ...fields, [`line-${order.lineIds[0]}`]: '1' })
		expect(ok.status).toBe(200)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 100 })
		const page = await fetch(`${testShop.url}/admin/orders/${order.orderNumber}`, { headers: { Cookie: cookie } })
		const html = await page.text()
		expect(html).toContain('Refunded so far')
		expect(html).toContain('Price dropped')
		// The orders CSV carries the refunded amount and each refund.
		const csv = await (await fetch(`${testShop.url}/admin/orders.csv?q=${order.orderNumber}`, { headers: { Cookie: cookie } })).text()
		const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n')
		expect(header).toContain('"Refunded (Rs.)","Refunds","Cancel reason"')
		expect(row).toContain(`"${order.orderNumber}"`)
		expect(row).toMatch(/"100","Rs\. 100 bank \d{4}-\d{2}-\d{2}: Price dropped \(1 × [^)]+\)",""$/)
	})

	it('computes the refund on the console order page without scripts: the line ticked, no amount typed, gives back what it was sold for', async () => {
		const owner = await signInOverHttp(testShop.url, 'owner@example.pk', 'refunds-owner-password', '198.51.100.43')
		const order = await paidOrder()
		const page = await (await fetch(`${testShop.url}/admin/orders/${order.orderNumber}`, { headers: { Cookie: owner } })).text()
		expect(page).toContain(`Sold for <strong>Rs. ${order.totalAmount.toLocaleString('en-US')}</strong> after discount`)
		const form = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/orders/${order.orderNumber}`, { method: 'POST', headers: { Origin: testShop.url, Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		const fields = { intent: 'refund', amount: '', method: 'bank', reference: '', reason: 'Sold out', units: 'void' }
		// Nothing ticked and no amount: a sentence, nothing refunded.
		const empty = await form(fields)
		expect(empty.status).toBe(400)
		expect(await empty.text()).toContain('Please tick the units refunded, or enter the amount to refund in whole rupees (1 or more).')
		const more = await form({ ...fields, amount: String(order.totalAmount + 1), [`line-${order.lineIds[0]}`]: '1' })
		expect(more.status).toBe(400)
		const done = await form({ ...fields, [`line-${order.lineIds[0]}`]: '1' })
		expect(done.status).toBe(200)
		expect(await done.text()).toContain(`Refunded Rs. ${order.totalAmount.toLocaleString('en-US')} on order ${order.orderNumber} in full.`)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.totalAmount })
	})

	it('lists a payment that came after the cancel under its own filter and to-do, and reinstates it over the API once', async () => {
		const staff = await createStaff(db, { email: 'desk@example.pk', name: 'Desk', role: 'staff', password: 'desk-password-12' })
		const cookie = await signInOverHttp(testShop.url, staff.email, staff.password, '198.51.100.41')
		const order = await placeOrder(db)
		expect((await api(`/api/admin/orders/${order.orderNumber}/cancel`, { reason: 'Buyer asked' })).status).toBe(200)
		// PayPro's money arrives after the cancel (tested in refunds.test.ts).
		await recordPaymentAfterCancel(db, order.id)
		const list = await (await fetch(`${testShop.url}/admin-dashboard?status=paid_after_cancel`, { headers: { Cookie: cookie } })).text()
		expect(list).toContain(order.orderNumber)
		expect(list).toContain('1 order paid after cancel')
		expect(list).toContain('Paid after cancel')

		const done = await api(`/api/admin/orders/${order.orderNumber}/reinstate`, {})
		expect(done.status).toBe(200)
		expect(await done.json()).toEqual({ orderNumber: order.orderNumber, paymentStatus: 'paid' })
		const again = await api(`/api/admin/orders/${order.orderNumber}/reinstate`, {})
		expect(again.status).toBe(409)
		expect((await again.json()).error).toBe(`Order ${order.orderNumber} cannot be reinstated: its payment is paid.`)
		const byStaff = await api(`/api/admin/orders/${order.orderNumber}/reinstate`, {}, { Cookie: cookie })
		expect(byStaff.status).toBe(403)
	})

	it('the owner ticks "May refund orders" for a staff account on the settings page (audited), and unticks it', async () => {
		const staff = await createStaff(db, { email: 'teller@example.pk', name: 'Teller', role: 'staff', password: 'teller-password-1' })
		const owner = await signInOverHttp(testShop.url, 'owner@example.pk', 'refunds-owner-password', '198.51.100.42')
		const settings = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/settings`, { method: 'POST', headers: { Origin: testShop.url, Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		expect(await (await settings({ intent: 'set-grants', staffId: String(staff.id), 'grant-refunds': 'on' })).text()).toContain('teller@example.pk may now refund orders.')
		expect(await (await settings({ intent: 'set-grants', staffId: String(staff.id) })).text()).toContain('teller@example.pk may no longer refund orders.')
		const audit = await db.select().from(auditLog).where(eq(auditLog.target, `staff ${staff.id}`)).orderBy(auditLog.id)
		expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
			['staff.set-grants', { staffId: staff.id, email: staff.email, grants: [] }, { staffId: staff.id, email: staff.email, grants: ['refunds'] }],
			['staff.set-grants', { staffId: staff.id, email: staff.email, grants: ['refunds'] }, { staffId: staff.id, email: staff.email, grants: [] }],
		])
	})
})
