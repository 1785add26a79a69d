// Staff's part in delivery from stock, over HTTP with an X-ADMIN-KEY (issue: codes delivered the
// moment a payment is confirmed): an order waiting for stock is served on demand, a unit that did
// not work is replaced (the buyer's content changes, the old code only masked), the low-stock list,
// and the refusals with their sentences. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders, stockAssignments } from '../../app/db/schema'
import { decryptDelivery } from '../../app/domain/fulfillment/delivery-crypto.server'
import { deliveryText as staffDeliveryText } from '../../app/domain/orders/staff-order-view.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { logProvider } from '../../app/integrations/email/log.server'
import { logger } from '../../app/utils/logger.server'
import type { RunningShop } from '../../server/start'
import { payByTransfer } from '../setup/orders'
import { checkoutBody, placeOrder, runAllJobs } from '../setup/payments'
import { fieldErrorIn } from '../setup/field-error'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'


describe.each(databaseKinds)('stock delivery in the console on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let key: string
	const call = (method: string, url: string, json?: unknown) =>
		fetch(`${shop.url}${url}`, {
			method,
			headers: { Origin: shop.url, 'X-ADMIN-KEY': key, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})

	const testShop = useTestShop(kind, 'stock_console', { TRUST_PROXY: 'true', JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		key = (await createApiKey(db, 'Stock console', null)).key
	})

	it('serves a waiting order on demand, replaces a unit, lists low stock, and refuses with sentences', async () => {
		const created = await call('POST', '/api/admin/products', { name: 'Steam Wallet (console stock)', platform: 'pc', kind: 'gift_card', description: 'Delivered by email.', variants: [{ label: '$10', value: 10, price: 3300 }] })
		expect(created.status).toBe(201)
		const product = (await created.json()) as { id: number; variants: { id: number }[] }
		const variantId = product.variants[0]!.id
		// One code in stock for an order of two: one delivered, one owed.
		expect((await call('POST', `/api/admin/products/${product.id}/stock`, { variantId, units: [{ code: 'FIRST-AAAA-0001' }] })).status).toBe(201)
		const order = await placeOrder(db, checkoutBody([{ id: product.id, quantity: 2, variantId }], { paymentMethod: 'manual' }))
		await payByTransfer(db, order, 'Seen')

		const low = await call('GET', '/api/admin/stock/low')
		expect(low.status).toBe(200)
		expect(await low.json()).toEqual({ waitingOrders: 1, variants: [{ productId: product.id, productName: 'Steam Wallet (console stock)', variantId, label: '$10', available: 0, threshold: 3 }] })

		// Nothing in stock yet: the order stays owed.
		const early = await call('POST', `/api/admin/orders/${order.orderNumber}/deliver-from-stock`)
		expect(early.status).toBe(200)
		expect(await early.json()).toEqual({ served: false, owed: 1 })
		// Stock arrives: the import answers with the order waiting for it, and the job it queued serves it.
		const imported = await call('POST', `/api/admin/products/${product.id}/stock`, { variantId, units: [{ code: 'SECOND-BBBB-0002' }, { code: 'THIRD-CCCC-0003' }] })
		expect(await imported.json()).toMatchObject({ added: 2, waiting: 1 })
		const noPayPro = () => {
			throw new Error('no PayPro payment in this test')
		}
		expect(await runAllJobs(db, jobHandlers(db, { email: () => logProvider(logger), paypro: noPayPro, reconcileAfterMinutes: 3, expiryHours: 72 }))).toBeGreaterThan(0)
		expect(decryptDelivery((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.deliveryContent)).toContain('SECOND-BBBB-0002')
		const done = await call('POST', `/api/admin/orders/${order.orderNumber}/deliver-from-stock`)
		expect(done.status).toBe(409)
		expect(await done.json()).toMatchObject({ error: 'This order is not waiting for stock.' })

		const [first] = await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id)).orderBy(stockAssignments.id).limit(1)
		const noReason = await call('POST', `/api/admin/orders/${order.orderNumber}/stock-units/${first!.id}/replace`, { reason: ' ' })
		expect(noReason.status).toBe(400)
		expect(await noReason.json()).toMatchObject({ error: expect.stringContaining('Please say why the unit is replaced') })
		const replaced = await call('POST', `/api/admin/orders/${order.orderNumber}/stock-units/${first!.id}/replace`, { reason: 'Already redeemed' })
		expect(replaced.status).toBe(200)
		const content = staffDeliveryText((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.deliveryContent)!
		expect(content).toContain('THIRD-CCCC-0003')
		expect(content).toContain('SECOND-BBBB-0002')
		expect(content).not.toContain('FIRST-AAAA')
		expect(content).toContain('•••• 0001 no longer applies')

		// Someone else's unit, a unit past the integer range, an unknown order.
		const other = await call('POST', `/api/admin/orders/GV-NOPE-1/stock-units/${first!.id}/replace`, { reason: 'x' })
		expect(other.status).toBe(404)
		expect(await other.json()).toMatchObject({ error: 'Order not found.' })
		// A unit of one paid order named under another paid order's address: not found, nothing changes.
		const second = await placeOrder(db, checkoutBody([{ id: product.id, quantity: 1, variantId }], { paymentMethod: 'manual' }))
		await payByTransfer(db, second, 'Seen')
		const [current] = await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id)).orderBy(stockAssignments.id).limit(1).offset(1)
		const elsewhere = await call('POST', `/api/admin/orders/${second.orderNumber}/stock-units/${current!.id}/replace`, { reason: 'Wrong order' })
		expect(elsewhere.status).toBe(404)
		expect(await elsewhere.json()).toMatchObject({ error: 'That unit is not one this order holds.' })
		expect((await db.select().from(stockAssignments).where(eq(stockAssignments.id, current!.id)))[0]!.replacedAt).toBeNull()
		const huge = await call('POST', `/api/admin/orders/${order.orderNumber}/stock-units/99999999999999999999/replace`, { reason: 'x' })
		expect(huge.status).toBe(400)
		const anonymous = await fetch(`${shop.url}/api/admin/orders/${order.orderNumber}/deliver-from-stock`, { method: 'POST', headers: { Origin: shop.url } })
		expect(anonymous.status).toBe(401)
	})
	it('the order page without scripts shows a refused Replace reason beside that unit’s reason, keeping the unit', async () => {
		const created = await call('POST', '/api/admin/products', { name: 'Steam Wallet (replace form)', platform: 'pc', kind: 'gift_card', description: 'Delivered by email.', variants: [{ label: '$20', value: 20, price: 6300 }] })
		const product = (await created.json()) as { id: number; variants: { id: number }[] }
		const variantId = product.variants[0]!.id
		expect((await call('POST', `/api/admin/products/${product.id}/stock`, { variantId, units: [{ code: 'FORM-DDDD-0004' }, { code: 'FORM-EEEE-0005' }] })).status).toBe(201)
		const order = await placeOrder(db, checkoutBody([{ id: product.id, quantity: 1, variantId }], { paymentMethod: 'manual' }))
		await payByTransfer(db, order, 'Seen')
		const [unit] = await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id))
		await createStaff(db, { email: 'replacer@example.pk', name: 'Replacer', role: 'owner', password: 'replace-password-1' })
		const cookie = await signInOverHttp(shop.url, 'replacer@example.pk', 'replace-password-1', '198.51.100.77')

		const page = await fetch(`${shop.url}/admin/orders/${order.orderNumber}`, {
			method: 'POST',
			headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'replace-unit', assignmentId: String(unit!.id), reason: '   ' }),
		})
		expect(page.status).toBe(400)
		const html = await page.text()
		expect(fieldErrorIn(html, 'reason', `replace-${unit!.id}`)).toBe('Please say why the unit is replaced, in at most 300 characters.')
		// The box takes what the rule takes, and the refusal is not repeated above the page.
		expect(html).toMatch(new RegExp(`<input[^>]* form="replace-${unit!.id}"[^>]*maxLength="300"|<input[^>]*maxLength="300"[^>]* form="replace-${unit!.id}"`, 'i'))
		expect(html).not.toContain('class="error-box"')
		expect((await db.select().from(stockAssignments).where(eq(stockAssignments.id, unit!.id)))[0]!.replacedAt).toBeNull()
	})
})
