// Paying again after a failed online payment (a new PayPro order for the same order, created once
// however many requests ask at once, or a switch to bank transfer), and staff marking a DM order
// paid: the rules against the PayPro stand-in, then over HTTP against the real server and its simulator.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, emailOutbox, payproSimOrders } from '../../app/db/schema'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import { findOrder } from '../../app/domain/orders/find-order.server'
import { listOrders } from '../../app/domain/orders/list-orders.server'
import { parseOrderListQuery } from '../../app/domain/orders/order-list-query'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { handlePayproCallback } from '../../app/domain/payments/handle-paypro-callback.server'
import { DM_PAID_NOTE_REQUIRED, markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { payOrderAgain } from '../../app/domain/payments/pay-order-again.server'
import { sweepOrders } from '../../app/domain/payments/reconcile-orders.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { SIMULATOR } from '../../app/integrations/paypro/paypro.server'
import { AppError } from '../../app/utils/app-error'
import type { RunningShop } from '../../server/start'
import { useFakePayPro } from '../setup/fake-paypro'
import { ageOrder, sendReceipt } from '../setup/orders'
import { checkoutBody, jobRows, orderRow, payproClientFor, placeOrder } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const actor = { staffId: null, label: 'owner@example.pk' }
const callbackCredentials = { username: 'uis-user', password: 'uis-pass' }
const paidEmails = (db: Db, orderNumber: string) => db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-paid:${orderNumber}`))

const dmRequest = dmOrderRequest.parse({ customer: { name: 'Sara Ahmed', email: 'Sara@Example.pk', phone: '03001234567' }, totalAmount: '4000', items: [{ id: 14 }] })

describe.each(databaseKinds)('paying again on %s', (kind) => {
	describe('the rules', () => {
		// The worker's seeded database, emptied before the first test and after each.
		const database = useTestDatabase(kind)
		const { fake } = useFakePayPro()

		/** An order whose PayPro payment failed, as the callback leaves it. */
		async function failedOrder(db: Db) {
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			await startPayproPayment(db, paypro, order)
			fake.pay(order.orderNumber, { orderStatus: 'FAILED', amountPaid: 0 })
			expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('failed')
			return (await orderRow(db, order.orderNumber))!
		}

		it('two "Try again" requests at once create one new PayPro order, with its own number, and the order is paid once', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const failed = await failedOrder(db)
			const firstPayproId = failed.payproTransactionId
			expect(failed.paymentStatus).toBe('failed')

			const [a, b] = await Promise.all([payOrderAgain(db, paypro, failed, 'paypro'), payOrderAgain(db, payproClientFor(fake), failed, 'paypro')])
			expect(a.paymentUrl).toBeTruthy()
			expect(b.paymentUrl).toBe(a.paymentUrl)
			const creations = fake.calls('co').map((c) => (c.body as [unknown, { OrderNumber: string }])[1].OrderNumber)
			expect(creations).toHaveLength(2)
			expect(creations[0]).toBe(failed.orderNumber)
			expect(creations[1]).toMatch(new RegExp(`^${failed.orderNumber}-R[0-9A-Z]+$`))
			const retried = (await orderRow(db, failed.orderNumber))!
			expect(retried).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'paypro', paymentUrl: a.paymentUrl })
			expect(retried.payproTransactionId).not.toBe(firstPayproId)
			// Staff search still finds the order by the PayPro order id of the failed attempt, which the buyer may quote.
			const searched = async (q: string) => (await listOrders(db, parseOrderListQuery(new URLSearchParams({ q })))).orders.map((o) => o.orderNumber)
			expect(await searched(firstPayproId!)).toEqual([failed.orderNumber])
			expect(await searched(retried.payproTransactionId!)).toEqual([failed.orderNumber])

			// A third click while the new page is open gets that same page.
			expect((await payOrderAgain(db, paypro, retried, 'paypro')).paymentUrl).toBe(a.paymentUrl)
			expect(fake.calls('co')).toHaveLength(2)

			// PayPro's callback names the new attempt's number: it finds the order and confirms it once.
			fake.pay(creations[1]!)
			const replies = await handlePayproCallback(db, paypro, { ...callbackCredentials, csvinvoiceids: `${creations[1]},${creations[1]}` }, callbackCredentials)
			expect(replies.map((r) => r.StatusCode)).toEqual(['00', '00'])
			expect((await orderRow(db, failed.orderNumber))!.paymentStatus).toBe('paid')
			expect(await paidEmails(db, failed.orderNumber)).toHaveLength(1)

			// Paid: never again, in either way.
			for (const method of ['paypro', 'manual'] as const) {
				await expect(payOrderAgain(db, paypro, retried, method)).rejects.toMatchObject({ code: 'CONFLICT', message: `Order ${failed.orderNumber} is already paid.` })
			}
			expect(fake.calls('co')).toHaveLength(2)
		})

		it('a payment PayPro reports late makes the order paid instead of opening a second PayPro order', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const failed = await failedOrder(db)
			fake.pay(failed.orderNumber)
			await expect(payOrderAgain(db, paypro, failed, 'paypro')).rejects.toMatchObject({ code: 'CONFLICT', message: `Order ${failed.orderNumber} is already paid.` })
			expect((await orderRow(db, failed.orderNumber))!.paymentStatus).toBe('paid')
			expect(fake.calls('co')).toHaveLength(1)
			expect(await paidEmails(db, failed.orderNumber)).toHaveLength(1)
		})

		it('"Pay by transfer instead" turns the same order into a transfer waiting for its receipt; PayPro is not asked about the failed page again', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const failed = await failedOrder(db)
			const { order, paymentUrl } = await payOrderAgain(db, paypro, failed, 'manual')
			expect(paymentUrl).toBeNull()
			expect(order).toMatchObject({ orderNumber: failed.orderNumber, paymentStatus: 'awaiting_payment', paymentMethod: 'manual', paymentUrl: null })
			const ggosBefore = fake.calls('ggos').length
			expect(await confirmPayproPayment(db, paypro, failed.orderNumber)).toBe('no-provider-order')
			expect(fake.calls('ggos')).toHaveLength(ggosBefore)
			// Asking twice is the same answer; a change of mind back to online payment gets a new PayPro order.
			expect((await payOrderAgain(db, paypro, order, 'manual')).order.paymentMethod).toBe('manual')
			const online = await payOrderAgain(db, paypro, order, 'paypro')
			expect(online.paymentUrl).toBeTruthy()
			expect(fake.calls('co').map((c) => (c.body as [unknown, { OrderNumber: string }])[1].OrderNumber)[1]).toMatch(/-R[0-9A-Z]+$/)
		})

		it('"Continue to payment" on a PayPro page left unpaid: the same page while PayPro still holds it open, a new one with its own number once PayPro reports it expired', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			const firstUrl = await startPayproPayment(db, paypro, order)
			expect((await payOrderAgain(db, paypro, order, 'paypro')).paymentUrl).toBe(firstUrl)
			expect(fake.calls('co')).toHaveLength(1)

			fake.pay(order.orderNumber, { orderStatus: 'EXPIRED', amountPaid: 0 })
			const again = await payOrderAgain(db, paypro, order, 'paypro')
			expect(again.paymentUrl).toBeTruthy()
			expect(again.paymentUrl).not.toBe(firstUrl)
			const numbers = fake.calls('co').map((c) => (c.body as [unknown, { OrderNumber: string }])[1].OrderNumber)
			expect(numbers).toHaveLength(2)
			expect(numbers[1]).toMatch(new RegExp(`^${order.orderNumber}-R[0-9A-Z]+$`))
			const row = (await orderRow(db, order.orderNumber))!
			expect(row).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'paypro', paymentUrl: again.paymentUrl })
			// The expired page's PayPro id is kept beside the new one, once, for staff search.
			expect(row.earlierPayproIds).toHaveLength(1)
			expect(row.earlierPayproIds).not.toContain(row.payproTransactionId)
			const found = await listOrders(db, parseOrderListQuery(new URLSearchParams({ q: row.earlierPayproIds[0]! })))
			expect(found.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber])
			// A buyer back from the expired page (its ordId in the address) finds the order too.
			expect((await findOrder(db, { ordId: row.earlierPayproIds[0]! }))?.orderNumber).toBe(order.orderNumber)
		})

		it('"Continue to payment" after the buyer paid on the page but before the callback: the order is paid, no second page', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			await startPayproPayment(db, paypro, order)
			fake.pay(order.orderNumber)
			for (const method of ['paypro', 'manual'] as const) {
				await expect(payOrderAgain(db, paypro, order, method)).rejects.toMatchObject({ code: 'CONFLICT', message: `Order ${order.orderNumber} is already paid.` })
			}
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
			expect(fake.calls('co')).toHaveLength(1)
			expect(await paidEmails(db, order.orderNumber)).toHaveLength(1)
		})

		it('"Pay by transfer instead" on an unpaid online order keeps its PayPro page: a late payment there still completes the order, after the receipt too', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			const url = await startPayproPayment(db, paypro, order)
			const { order: switched, paymentUrl } = await payOrderAgain(db, paypro, order, 'manual')
			expect(paymentUrl).toBeNull()
			expect(switched).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'manual', paymentUrl: url })
			// The buyer uploads a receipt (the order waits for staff), then PayPro's late callback arrives for the old page.
			await sendReceipt(db, switched)
			fake.pay(order.orderNumber)
			const replies = await handlePayproCallback(db, paypro, { ...callbackCredentials, csvinvoiceids: order.orderNumber }, callbackCredentials)
			expect(replies.map((r) => r.StatusCode)).toEqual(['00'])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
			expect(await paidEmails(db, order.orderNumber)).toHaveLength(1)
		})

		it('a PayPro page that expires after the switch to transfer never fails the transfer: the order keeps waiting for its receipt and lets the page go', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			await startPayproPayment(db, paypro, order)
			await payOrderAgain(db, paypro, order, 'manual')
			fake.pay(order.orderNumber, { orderStatus: 'EXPIRED', amountPaid: 0 })
			expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('unpaid')
			expect((await orderRow(db, order.orderNumber))!).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'manual', paymentUrl: null })
			// Nothing left to ask PayPro about.
			const asked = fake.calls('ggos').length
			expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('no-provider-order')
			expect(fake.calls('ggos')).toHaveLength(asked)
		})

		it('the sweep asks PayPro about a transfer that still holds a PayPro page, so a lost callback loses nothing', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			await startPayproPayment(db, paypro, order)
			await payOrderAgain(db, paypro, order, 'manual')
			await ageOrder(db, order.orderNumber, 10)
			expect(await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })).toEqual({ checks: 1, expired: 0 })
			const checks = await jobRows(db, 'reconcile-order')
			expect(checks.map((j) => j.payload)).toEqual([{ orderNumber: order.orderNumber }])
		})

		it('an order still waiting for its first payment, or a DM order, is not "paid again"', async () => {
			const { db } = database
			const paypro = payproClientFor(fake)
			const order = await placeOrder(db)
			const url = await startPayproPayment(db, paypro, order)
			expect((await payOrderAgain(db, paypro, (await orderRow(db, order.orderNumber))!, 'paypro')).paymentUrl).toBe(url)
			expect(fake.calls('co')).toHaveLength(1)
			const dm = await createDmOrder(db, actor, dmRequest)
			await expect(payOrderAgain(db, paypro, dm, 'paypro')).rejects.toMatchObject({ code: 'CONFLICT' })
		})

		it('staff mark a DM order paid once: audited, one paid email; other orders and a missing note are refused', async () => {
			const { db } = database
			const dm = await createDmOrder(db, actor, dmRequest)
			await expect(markDmOrderPaid(db, actor, dm.orderNumber, '  ')).rejects.toEqual(new AppError('BAD_REQUEST', DM_PAID_NOTE_REQUIRED, { note: DM_PAID_NOTE_REQUIRED }))
			const [first, second] = await Promise.all([
				markDmOrderPaid(db, actor, dm.orderNumber, 'JazzCash, seen in the statement'),
				markDmOrderPaid(db, actor, dm.orderNumber, 'JazzCash, seen in the statement'),
			])
			expect([first.changed, second.changed].sort()).toEqual([false, true])
			expect((await orderRow(db, dm.orderNumber))!).toMatchObject({ paymentStatus: 'paid', paidAt: expect.any(Date) })
			expect(await paidEmails(db, dm.orderNumber)).toHaveLength(1)
			const entries = await db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.mark_paid'), eq(auditLog.orderNumber, dm.orderNumber))).orderBy(auditLog.id)
			expect(entries).toHaveLength(1)
			expect(entries[0]).toMatchObject({ actor: 'owner@example.pk', before: { paymentStatus: 'awaiting_confirmation' }, after: { paymentStatus: 'paid' }, note: 'JazzCash, seen in the statement' })

			const online = await placeOrder(db)
			await expect(markDmOrderPaid(db, actor, online.orderNumber, 'paid')).rejects.toMatchObject({ code: 'CONFLICT' })
			expect((await orderRow(db, online.orderNumber))!.paymentStatus).toBe('awaiting_payment')
		})
	})

	describe('over HTTP with the PayPro simulator', () => {
		let shop: RunningShop
		let db: Db
		let staffCookie: string
		const owner = { email: 'owner@example.pk', password: 'correct-horse-9' }

		const testShop = useTestShop(kind, 'pay_again', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false', ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password })

		beforeAll(async () => {
			shop = testShop.shop
			db = shop.database.db
			staffCookie = await signInOverHttp(shop.url, owner.email, owner.password, '198.51.100.62')
		}, 120_000)

		async function checkoutAndFail() {
			const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody()) })
			expect(res.status).toBe(200)
			const body = (await res.json()) as { orderNumber: string; paymentUrl: string }
			const failed = await fetch(body.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }), redirect: 'manual' })
			expect(failed.status).toBe(303)
			expect((await orderRow(db, body.orderNumber))!.paymentStatus).toBe('failed')
			return { ...body, cookie: res.headers.get('set-cookie')!.split(';')[0]! }
		}

		const payAgain = (orderNumber: string, paymentMethod: string, cookie?: string) =>
			fetch(`${shop.url}/api/order/${encodeURIComponent(orderNumber)}/pay-again`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
				body: JSON.stringify({ paymentMethod }),
			})

		it('fail on the simulator, two "Try again" at once: one new PayPro page; paying it completes the order once', async () => {
			const { orderNumber, paymentUrl: firstUrl, cookie } = await checkoutAndFail()

			// Someone with only the number cannot.
			const stranger = await payAgain(orderNumber, 'paypro')
			expect(stranger.status).toBe(404)
			expect(await stranger.json()).toMatchObject({ error: 'Order not found' })

			const answers = await Promise.all([payAgain(orderNumber, 'paypro', cookie), payAgain(orderNumber, 'paypro', cookie)])
			const bodies = (await Promise.all(answers.map((r) => r.json()))) as { ok: boolean; paymentUrl: string }[]
			expect(answers.map((r) => r.status)).toEqual([200, 200])
			expect(bodies[0]!.paymentUrl).toMatch(new RegExp(`^${shop.url}${SIMULATOR.basePath}/pay/\\d+$`))
			expect(bodies[1]!.paymentUrl).toBe(bodies[0]!.paymentUrl)
			expect(bodies[0]!.paymentUrl).not.toBe(firstUrl)
			const simOrders = await db.select().from(payproSimOrders).where(eq(payproSimOrders.amount, 3200))
			expect(simOrders.filter((o) => o.orderNumber.startsWith(orderNumber)).map((o) => o.orderStatus).sort()).toEqual(['FAILED', 'UNPAID'])

			const paid = await fetch(bodies[0]!.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
			expect(paid.status).toBe(303)
			const row = (await orderRow(db, orderNumber))!
			expect(paid.headers.get('location')).toBe(`${shop.url}/order-status?ordId=${row.payproTransactionId}`)
			expect(row.paymentStatus).toBe('paid')
			expect(await paidEmails(db, orderNumber)).toHaveLength(1)

			const again = await payAgain(orderNumber, 'paypro', cookie)
			expect(again.status).toBe(409)
			expect(await again.json()).toMatchObject({ error: `Order ${orderNumber} is already paid.` })
		})

		it('"Pay by transfer instead" keeps the order number; the receipt then goes to that order', async () => {
			const { orderNumber, cookie } = await checkoutAndFail()
			const res = await payAgain(orderNumber, 'manual', cookie)
			expect(res.status).toBe(200)
			expect(await res.json()).toMatchObject({ ok: true, orderNumber, paymentMethod: 'manual', totalAmount: 3200, paymentUrl: null })
			expect((await orderRow(db, orderNumber))!).toMatchObject({ paymentStatus: 'awaiting_payment', paymentMethod: 'manual' })
			const bad = await payAgain(orderNumber, 'cash', cookie)
			expect(bad.status).toBe(400)
		})

		it('staff mark a DM order paid from its console page; the buyer sees it paid', async () => {
			const dm = await createDmOrder(db, actor, dmRequest)
			const page = await fetch(`${shop.url}/admin/orders/${dm.orderNumber}`, { headers: { cookie: staffCookie } })
			expect(await page.text()).toContain('Mark as paid')
			const markPaid = (note: string, cookie = staffCookie) =>
				fetch(`${shop.url}/admin/orders/${dm.orderNumber}`, {
					method: 'POST',
					redirect: 'manual',
					headers: { cookie, Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ intent: 'mark-paid', note }),
				})
			const stranger = await markPaid('paid', '')
			expect(stranger.status).toBeGreaterThanOrEqual(300)
			expect((await orderRow(db, dm.orderNumber))!.paymentStatus).toBe('awaiting_confirmation')
			const noNote = await markPaid('')
			expect(noNote.status).toBe(400)
			expect(await noNote.text()).toContain(DM_PAID_NOTE_REQUIRED)
			const done = await markPaid('EasyPaisa transfer, checked')
			expect(done.status).toBe(200)
			expect(await done.text()).toContain(`Order ${dm.orderNumber} is paid. The buyer has been emailed.`)
			expect((await orderRow(db, dm.orderNumber))!.paymentStatus).toBe('paid')
			expect(await paidEmails(db, dm.orderNumber)).toHaveLength(1)
			const view = await fetch(`${shop.url}/api/order?internalOrderId=${dm.orderNumber}`)
			expect(((await view.json()) as { order: { status: string } }).order.status).toBe('completed')
		})
	})
})
