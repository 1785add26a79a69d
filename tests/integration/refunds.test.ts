// Cancellations and refunds (issue 23), on PGlite and PostgreSQL: staff cancel an unpaid order (its
// payment link stops, the buyer is told, a payment that still arrives is kept as "paid after cancel"
// and staff reinstate or refund it); staff refund a paid order in full or per line (owed units are owed
// no more, delivered ones voided or, unopened, returned to stock; never more than was paid); the
// amount computed from the units ticked, at what they were sold for after the discount (ADR-039), with
// the report's refunds moving by exactly that; and the two races: a PayPro confirmation against a
// cancel, a refund against a delivery from stock.
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, emailOutbox, jobs, orderLines, orders, productVariants, refundLines, refunds, stockAssignments, stockUnits } from '../../app/db/schema'
import { orderProfit, profitsOf } from '../../app/domain/costs/order-profit.server'
import { decryptDelivery } from '../../app/domain/fulfillment/delivery-crypto.server'
import { couponInput } from '../../app/domain/coupons/coupon'
import { createCoupon } from '../../app/domain/coupons/coupons.server'
import { deliveryText as staffDeliveryText } from '../../app/domain/orders/staff-order-view.server'
import { cancelOrder } from '../../app/domain/orders/cancel-order.server'
import { consoleToDo } from '../../app/domain/orders/console-to-do.server'
import { publicOrderView } from '../../app/domain/orders/view-order.server'
import { revealOrder } from '../../app/domain/orders/reveal-delivery.server'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { handlePayproCallback } from '../../app/domain/payments/handle-paypro-callback.server'
import { payOrderAgain } from '../../app/domain/payments/pay-order-again.server'
import { sweepOrders } from '../../app/domain/payments/reconcile-orders.server'
import { reinstateOrder } from '../../app/domain/payments/reinstate-order.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { readReportRange } from '../../app/domain/reports/report-range'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { deliverQueuedOrders } from '../../app/domain/stock/deliver-stock.server'
import { importStock, setStockMode } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { formatPakistanDay, pakistanDate } from '../../app/utils/pakistan-time'
import { callbackAccount, useFakePayPro } from '../setup/fake-paypro'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { payByTransfer, revealAllAsBuyer } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { refusedWith } from '../setup/coupons'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

const giftCards = (db: Db) => giftCardWithTwoOptions(db, 'PSN Card')
const refund = (input: Record<string, unknown>) => refundInput.parse({ method: 'bank', reason: 'Buyer asked', ...input })

/** Today's refunds in the sales report (Pakistan's day, as the report counts it). */
async function refundsToday(db: Db) {
	const today = pakistanDate(new Date())
	const range = readReportRange({ from: today, to: today })
	if (!range.ok) throw new Error(range.message)
	return (await salesReport(db, owner, range.range)).totals.refunds
}

const refusal = async (promise: Promise<unknown>) => {
	const error = await refusedWith(promise)
	return { status: error.status, message: error.message, fields: error.fieldErrors }
}

describe.each(databaseKinds)('cancellations and refunds on %s', (kind) => {
	const database = useTestDatabase(kind)
	const { fake, paypro } = useFakePayPro()

	/** An order with its PayPro page open. */
	async function atPayPro(db: Db, lines: unknown[]) {
		const order = await placeOrder(db, checkoutBody(lines))
		await startPayproPayment(db, paypro, order)
		return order
	}
	/** A transfer order with its receipt, confirmed by staff: paid, delivered from stock as far as it goes. */
	const paidByTransfer = async (db: Db, lines: unknown[], extra: Record<string, unknown> = {}) => payByTransfer(db, await placeOrder(db, checkoutBody(lines, { paymentMethod: 'manual', ...extra })), 'Seen')
	const linesOf = (db: Db, orderId: number) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position)
	const emailsOf = async (db: Db, orderNumber: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, orderNumber))).map((e) => e.dedupeKey)

	/**
	 * A discounted order (ADR-039): 3 × $10 (Rs. 3,200) and 1 × $25 (Rs. 7,800) with a 10% code, paid by a
	 * confirmed transfer and delivered from stock: Rs. 17,400 − Rs. 1,740 = Rs. 15,660; each $10 sold for
	 * Rs. 2,880, the $25 for Rs. 7,020.
	 */
	async function discountedOrder(db: Db) {
		const { productId, ten, twentyFive } = await giftCards(db)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('TEN', 3) })
		await importStock(db, owner, productId, { variantId: twentyFive, kind: 'code', units: codes('TWF', 1) })
		await createCoupon(db, owner, couponInput.parse({ code: 'TENOFF', type: 'percent', value: 10 }))
		const order = await paidByTransfer(
			db,
			[
				{ id: productId, quantity: 3, variantId: ten },
				{ id: productId, quantity: 1, variantId: twentyFive },
			],
			{ couponCode: 'TENOFF' },
		)
		const [tens, twentyFives] = await linesOf(db, order.id)
		return { order, tens: tens!, twentyFives: twentyFives! }
	}


	it('cancels an unpaid order with a reason: the buyer is emailed and reads it, paying again and a new PayPro page are refused, and a paid order cannot be cancelled', async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		const order = await atPayPro(db, [{ id: productId, quantity: 1, variantId: ten }])

		await expect(cancelOrder(db, owner, order.orderNumber, { reason: '   ' })).rejects.toThrow('Please write a reason')
		await cancelOrder(db, owner, order.orderNumber, { reason: 'This card is out of stock for now' })
		const row = (await orderRow(db, order.orderNumber))!
		expect(row).toMatchObject({ paymentStatus: 'cancelled', cancelReason: 'This card is out of stock for now' })
		expect(publicOrderView(row)).toMatchObject({ paymentStatus: 'cancelled', cancelReason: 'This card is out of stock for now', actions: { canPayAgain: false, closed: true } })
		expect(await emailsOf(db, order.orderNumber)).toContain(`order-cancelled:${order.orderNumber}`)
		expect(await db.select().from(auditLog).where(and(eq(auditLog.orderNumber, order.orderNumber), eq(auditLog.action, 'order.cancel'))).orderBy(auditLog.id)).toHaveLength(1)
		await expect(payOrderAgain(db, paypro, row, 'paypro')).rejects.toThrow(`Order ${order.orderNumber} was cancelled by our team, so it can no longer be paid.`)
		await expect(startPayproPayment(db, paypro, row)).rejects.toThrow('was cancelled by our team')
		await expect(cancelOrder(db, owner, order.orderNumber, { reason: 'again' })).rejects.toThrow(`Order ${order.orderNumber} cannot be cancelled: its payment is cancelled.`)

		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('PAID', 1) })
		const paid = await paidByTransfer(db, [{ id: productId, quantity: 1, variantId: ten }])
		await expect(cancelOrder(db, owner, paid.orderNumber, { reason: 'No' })).rejects.toMatchObject({ status: 409, message: `Order ${paid.orderNumber} cannot be cancelled: its payment is paid.` })
	})

	it('keeps a PayPro payment that arrives after the cancel (paid after cancel, on the to-do), and staff reinstate it: paid and delivered from stock', async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('LATE', 1) })
		const order = await atPayPro(db, [{ id: productId, quantity: 1, variantId: ten }])
		await cancelOrder(db, owner, order.orderNumber, { reason: 'Buyer asked on WhatsApp' })
		fake.pay(order.orderNumber)
		// A lost callback loses nothing: the sweep asks PayPro about a cancelled order whose page was open.
		await sweepOrders(db, { reconcileAfterMinutes: 0, expiryHours: 72, now: new Date(Date.now() + 60_000) })
		expect((await db.select().from(jobs).where(eq(jobs.kind, 'reconcile-order'))).map((j) => (j.payload as { orderNumber: string }).orderNumber)).toContain(order.orderNumber)

		expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('paid')
		expect(await confirmPayproPayment(db, paypro, order.orderNumber)).toBe('already-paid')
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'paid_after_cancel', deliveryStatus: 'pending', paidAt: expect.any(Date) })
		expect((await consoleToDo(db)).paidAfterCancel).toBe(1)
		expect(await emailsOf(db, order.orderNumber)).toContain(`order-paid-after-cancel:${order.orderNumber}`)

		await reinstateOrder(db, owner, order.orderNumber)
		const row = (await orderRow(db, order.orderNumber))!
		expect(row).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'completed' })
		expect(decryptDelivery(row.deliveryContent)).toContain('LATE-0001-XQ7K')
		expect((await consoleToDo(db)).paidAfterCancel).toBe(0)
		await expect(reinstateOrder(db, owner, order.orderNumber)).rejects.toThrow(`Order ${order.orderNumber} cannot be reinstated: its payment is paid.`)
	})

	it('refunds a payment that came after the cancel in full: refunded, nothing delivered', async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		const order = await atPayPro(db, [{ id: productId, quantity: 1, variantId: ten }])
		await cancelOrder(db, owner, order.orderNumber, { reason: 'Wrong price' })
		fake.pay(order.orderNumber)
		await confirmPayproPayment(db, paypro, order.orderNumber)
		const done = await refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, method: 'paypro', reference: 'PP-REF-1' }))
		expect(done).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3200, refundable: 0 })
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'refunded', deliveryContent: null })
	})

	it('refunds one line of a delivered order: partly refunded with the amount, its unit voided and named as refunded, emailed and audited; never more than is left', async () => {
		const { db } = database
		const { productId, ten, twentyFive } = await giftCards(db)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('TEN', 2) })
		await importStock(db, owner, productId, { variantId: twentyFive, kind: 'code', units: codes('TWF', 1) })
		const order = await paidByTransfer(db, [
			{ id: productId, quantity: 2, variantId: ten },
			{ id: productId, quantity: 1, variantId: twentyFive },
		])
		expect(order).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'completed', totalAmount: 14200 })
		const [first] = await linesOf(db, order.id)

		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 14201 }))).rejects.toMatchObject({ status: 400, message: `Rs. 14,201 is more than is left to refund on order ${order.orderNumber}: Rs. 14,200 (paid Rs. 14,200).` })
		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 100, lines: [{ lineId: first!.id, quantity: 3 }] }))).rejects.toThrow('Only 2 of PSN Card can still be refunded (you asked for 3).')
		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 100, lines: [{ lineId: 999999, quantity: 1 }] }))).rejects.toThrow(`Line 999999 is not a line of order ${order.orderNumber}.`)

		const done = await refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: first!.id, quantity: 1 }], units: 'void', reference: 'HBL-778' }))
		expect(done).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 3200, refundable: 11000, lines: [{ lineId: first!.id, quantity: 1, undelivered: 0, returned: 0, voided: 1 }] })
		const row = (await orderRow(db, order.orderNumber))!
		expect(await revealOrder(db, row)).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 3200, actions: { paid: true, canRefund: true } })
		const text = staffDeliveryText(row.deliveryContent)!
		expect(text).toContain('Code: TEN-0001-XQ7K')
		expect(text).not.toContain('TEN-0002-XQ7K')
		expect(text).toMatch(new RegExp(`Refunded on ${formatPakistanDay(new Date().toISOString())}: the code .*7K no longer applies\\.`))
		expect(await db.select({ status: stockUnits.status }).from(stockUnits).where(eq(stockUnits.status, 'voided'))).toHaveLength(1)
		const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-refund:${order.orderNumber}:${done.id}`))
		expect(email).toMatchObject({ subject: `Order ${order.orderNumber} partly refunded`, toEmail: 'ali@example.pk' })
		expect(email!.text).toContain('We have refunded Rs. 3,200 of your order')
		expect(email!.text).toContain('Reason: Buyer asked')
		expect(email!.text).toContain('Reference: HBL-778')
		const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.orderNumber, order.orderNumber), eq(auditLog.action, 'order.refund'))).orderBy(auditLog.id)
		expect(audit).toMatchObject({ note: 'Buyer asked', after: expect.objectContaining({ amount: 3200, method: 'bank', reference: 'HBL-778' }) })
		expect(JSON.stringify(audit)).not.toContain('TEN-000')

		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 11001 }))).rejects.toThrow(`Rs. 11,001 is more than is left to refund on order ${order.orderNumber}: Rs. 11,000 (paid Rs. 14,200, Rs. 3,200 refunded before).`)
		expect(await refundOrder(db, owner, order.orderNumber, refund({ amount: 11000 }))).toMatchObject({ paymentStatus: 'refunded', refundable: 0 })
		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 1 }))).rejects.toThrow(`Order ${order.orderNumber} cannot be refunded: its payment is refunded.`)
		expect(await db.select().from(refunds)).toHaveLength(2)
	})

	it('returns a unit the buyer never opened to stock, and refuses to return one the buyer’s page has shown', async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('BACK', 2) })
		const order = await paidByTransfer(db, [{ id: productId, quantity: 2, variantId: ten }])
		const [line] = await linesOf(db, order.id)

		const done = await refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }], units: 'return' }))
		expect(done.lines).toEqual([{ lineId: line!.id, quantity: 1, undelivered: 0, returned: 1, voided: 0 }])
		expect(await db.select().from(stockUnits).where(eq(stockUnits.status, 'available'))).toHaveLength(1)
		expect(await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id))).toHaveLength(1)

		// The buyer reveals the code left on their page: from now on it is opened.
		await revealAllAsBuyer(db, order)
		await expect(refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }], units: 'return' }))).rejects.toThrow(
			'The buyer has already opened the code delivered for PSN Card: it cannot go back to stock. Void it instead.',
		)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 3200 })
	})

	it('counts refunds in the owner’s profit: the money given back is lost, a unit never delivered costs nothing, a voided one still does', async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		await db.update(productVariants).set({ costRupees: 2000 }).where(eq(productVariants.id, ten))
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('COST', 1) })
		// Two ordered, one in stock: one delivered, one owed.
		const order = await paidByTransfer(db, [{ id: productId, quantity: 2, variantId: ten }])
		expect(order).toMatchObject({ totalAmount: 6400, cost: 4000, fee: 0, profit: 2400, undeliveredUnits: 1 })
		const [line] = await linesOf(db, order.id)

		await refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }] }))
		expect((await profitsOf(db, [order.id])).get(order.id)).toMatchObject({ profit: 2400, profitAfterRefunds: 2400 - 3200 + 2000 })
		await refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }], units: 'void' }))
		expect((await profitsOf(db, [order.id])).get(order.id)).toMatchObject({ profit: 2400, profitAfterRefunds: 2400 - 6400 + 2000 })
		expect(await orderProfit(db, (await orderRow(db, order.orderNumber))!)).toMatchObject({ refunded: 6400, profitAfterRefunds: -2000 })
	})

	it('a PayPro confirmation racing a cancel: exactly one wins, and the money is never lost (paid, or paid after cancel)', { timeout: 60_000 }, async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		const placed = await Promise.all(Array.from({ length: 8 }, () => atPayPro(db, [{ id: productId, quantity: 1, variantId: ten }])))
		for (const o of placed) fake.pay(o.orderNumber)
		const results = await Promise.all(
			placed.map(async (o) => {
				// PayPro's callback (a trigger: the shop asks PayPro, then records what it says) and staff's cancel at once.
				const [cancelled, confirmed] = await Promise.allSettled([cancelOrder(db, owner, o.orderNumber, { reason: 'Race' }), handlePayproCallback(db, paypro, { ...callbackAccount, csvinvoiceids: o.orderNumber }, callbackAccount)])
				return { o, cancelled, confirmed }
			}),
		)
		for (const { o, cancelled, confirmed } of results) {
			expect(confirmed.status).toBe('fulfilled')
			// A callback is only a trigger: one that could not reach PayPro (a busy machine) is asked again by the sweep, as here.
			await confirmPayproPayment(db, paypro, o.orderNumber)
			const row = (await orderRow(db, o.orderNumber))!
			if (cancelled.status === 'fulfilled') expect(row.paymentStatus).toBe('paid_after_cancel')
			else {
				expect(row.paymentStatus).toBe('paid')
				expect(String((cancelled.reason as Error).message)).toBe(`Order ${o.orderNumber} cannot be cancelled: its payment is paid.`)
			}
			expect(row.paidAt).not.toBeNull()
		}
		const states = await db.select({ s: orders.paymentStatus }).from(orders).where(inArray(orders.id, placed.map((o) => o.id)))
		expect(states.every((r) => r.s === 'paid' || r.s === 'paid_after_cancel')).toBe(true)
	})

	it('a refund racing the payment that delivers from stock: the refund waits for the payment (or is refused while unpaid), and every unit is delivered once or back in stock', { timeout: 60_000 }, async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		for (let round = 0; round < 4; round++) {
			await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes(`P${round}`, 2) })
			const order = await atPayPro(db, [{ id: productId, quantity: 2, variantId: ten }])
			fake.pay(order.orderNumber)
			const [line] = await linesOf(db, order.id)
			const [paid, refunded] = await Promise.allSettled([
				confirmPayproPayment(db, paypro, order.orderNumber, { testPayments: false }),
				refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }], units: 'return' })),
			])
			expect(paid).toMatchObject({ status: 'fulfilled', value: 'paid' })
			const row = (await orderRow(db, order.orderNumber))!
			const live = (await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id))).filter((a) => !a.refundedAt && !a.replacedAt)
			if (refunded.status === 'fulfilled') {
				// After the payment: one code delivered stays, the other went back to stock.
				expect(row).toMatchObject({ paymentStatus: 'partly_refunded', refundedAmount: 3200, deliveryStatus: 'completed' })
				expect(live).toHaveLength(1)
				expect(await db.select().from(stockUnits).where(eq(stockUnits.status, 'available'))).toHaveLength(1)
			} else {
				expect((refunded.reason as Error).message).toBe(`Order ${order.orderNumber} cannot be refunded in part: its payment is awaiting payment.`)
				expect(row).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0, deliveryStatus: 'completed' })
				expect(live).toHaveLength(2)
				expect(await db.select().from(stockUnits).where(eq(stockUnits.status, 'available'))).toHaveLength(0)
			}
			await db.update(stockUnits).set({ status: 'voided' }).where(eq(stockUnits.status, 'available'))
		}
	})

	it('a refund racing a delivery from stock: every unit is either delivered once or refunded, never both, never lost', { timeout: 60_000 }, async () => {
		const { db } = database
		const { productId, ten } = await giftCards(db)
		await setStockMode(db, owner, productId, 'stock_or_manual')
		for (let round = 0; round < 4; round++) {
			// Paid with no stock: owed 2 units.
			const order = await paidByTransfer(db, [{ id: productId, quantity: 2, variantId: ten }])
			expect(order).toMatchObject({ paymentStatus: 'paid', undeliveredUnits: 2 })
			const [line] = await linesOf(db, order.id)
			await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes(`R${round}`, 2) })
			const [delivered, refunded] = await Promise.allSettled([deliverQueuedOrders(db, { orderNumber: order.orderNumber }), refundOrder(db, owner, order.orderNumber, refund({ amount: 3200, lines: [{ lineId: line!.id, quantity: 1 }], units: 'return' }))])
			expect(delivered.status).toBe('fulfilled')
			expect(refunded.status).toBe('fulfilled')
			const row = (await orderRow(db, order.orderNumber))!
			const held = await db.select().from(stockAssignments).where(and(eq(stockAssignments.orderId, order.id)))
			const live = held.filter((a) => !a.refundedAt && !a.replacedAt)
			const [back] = await db.select().from(refundLines).where(eq(refundLines.orderLineId, line!.id))
			// One unit stays with the buyer; the other was never delivered, or came back to stock.
			expect(live).toHaveLength(1)
			expect(back!.undelivered + back!.returned).toBe(1)
			expect(row).toMatchObject({ paymentStatus: 'partly_refunded', undeliveredUnits: 0, deliveryStatus: 'completed' })
			const mine = await db.select().from(stockUnits).where(inArray(stockUnits.fingerprint, (await db.select({ f: stockUnits.fingerprint }).from(stockUnits)).map((u) => u.f)))
			expect(mine.filter((u) => u.status === 'used')).toHaveLength(round + 1)
			expect(mine.filter((u) => u.status === 'available')).toHaveLength(1)
			// The unit back in stock goes to the next round's order first; empty the shelf for the next round.
			await db.update(stockUnits).set({ status: 'voided' }).where(eq(stockUnits.status, 'available'))
		}
	})

	it('ticking one unit of a discounted line refunds what it was sold for after the discount, and the report’s refunds move by exactly that', async () => {
		const { db } = database
		const { order, tens, twentyFives } = await discountedOrder(db)
		expect(order).toMatchObject({ totalAmount: 15660, paymentStatus: 'paid', deliveryStatus: 'completed' })
		expect([tens.lineTotal, twentyFives.lineTotal]).toEqual([8640, 7020])
		const before = await refundsToday(db)

		// No amount typed: the server computes it from the unit ticked.
		const one = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1 }] }))
		expect(one).toMatchObject({ amount: 2880, paymentStatus: 'partly_refunded', refundedAmount: 2880, refundable: 15660 - 2880 })
		expect(await refundsToday(db)).toBe(before + 2880)

		// Everything left, ticked: refunded in full, to the rupee.
		const rest = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 2 }, { lineId: twentyFives.id, quantity: 1 }] }))
		expect(rest).toMatchObject({ amount: 2 * 2880 + 7020, paymentStatus: 'refunded', refundedAmount: 15660, refundable: 0 })
		expect(await refundsToday(db)).toBe(before + 15660)
	})

	it('refuses an amount above what the ticked units were sold for (their undiscounted price too), and takes a lower one', async () => {
		const { db } = database
		const { order, tens, twentyFives } = await discountedOrder(db)

		for (const amount of [3200, 2881]) {
			expect(await refusal(refundOrder(db, owner, order.orderNumber, refund({ amount, lines: [{ lineId: tens.id, quantity: 1 }] })))).toEqual({
				status: 400,
				message: `Rs. ${amount.toLocaleString('en-US')} is more than the units ticked were sold for: Rs. 2,880. Tick more units, or lower the amount.`,
				fields: { amount: expect.any(String) },
			})
		}
		expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 })

		// A goodwill part of the unit's price: taken, the unit is refunded.
		expect(await refundOrder(db, owner, order.orderNumber, refund({ amount: 1000, lines: [{ lineId: tens.id, quantity: 1 }] }))).toMatchObject({ amount: 1000, paymentStatus: 'partly_refunded', refundable: 14660 })
		// The remaining units are worth Rs. 12,780: that, not the Rs. 14,660 left, is the most they give back.
		const all = [{ lineId: tens.id, quantity: 2 }, { lineId: twentyFives.id, quantity: 1 }]
		expect((await refusal(refundOrder(db, owner, order.orderNumber, refund({ amount: 14660, lines: all })))).message).toBe('Rs. 14,660 is more than the units ticked were sold for: Rs. 12,780. Tick more units, or lower the amount.')
		expect(await refundOrder(db, owner, order.orderNumber, refund({ lines: all }))).toMatchObject({ amount: 12780, paymentStatus: 'partly_refunded', refundable: 1880 })
		// Every unit is back; what is left is money alone.
		expect(await refundOrder(db, owner, order.orderNumber, refund({ amount: 1880 }))).toMatchObject({ paymentStatus: 'refunded', refundable: 0 })
	})

	it('takes back the delivered unit staff ticked, not the latest; refuses a unit the line does not hold', async () => {
		const { db } = database
		const { order, tens } = await discountedOrder(db)
		const held = (await orderStockUnits(db, order.id)).filter((u) => u.lineIndex === tens.position)
		expect(held).toHaveLength(3)
		const [first, second] = held

		const done = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [first!.assignmentId] }] }))
		expect(done).toMatchObject({ amount: 2880, lines: [{ lineId: tens.id, quantity: 1, undelivered: 0, voided: 1, returned: 0 }] })
		const after = await db.select().from(stockAssignments).where(and(eq(stockAssignments.orderId, order.id), eq(stockAssignments.lineId, tens.id)))
		expect(after.filter((a) => a.refundedAt).map((a) => a.id)).toEqual([first!.assignmentId])

		// The same unit again, or one more unit than ticked with nothing owed: sentences naming what to do.
		expect(await refusal(refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [first!.assignmentId] }] })))).toMatchObject({
			status: 400,
			message: 'A unit ticked on PSN Card is not held by this order any more (refunded or replaced meanwhile): reload the order and tick again.',
			fields: { lines: expect.any(String) },
		})
		expect((await refusal(refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 2, delivered: [second!.assignmentId] }] })))).message).toBe('Only 0 of PSN Card are not delivered yet: tick the delivered units taken back.')
		expect(() => refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [second!.assignmentId, held[2]!.assignmentId] }] })).toThrow('delivered must name units of the line')
		expect(() => refund({})).toThrow('Please tick the units refunded, or enter the amount to refund in whole rupees (1 or more).')
	})
})
