import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { recordOrderCost } from '../costs/record-order-cost.server'
import { orders } from '../../db/schema'
import { orderPaidEmail } from '../email/order-paid-email.server'
import { queueEmail } from '../email/queue-email.server'
import { paidAfterCancelEmail } from '../email/order-notice-email.server'
import type { Order } from '../orders/order'
import { withLinesOf } from '../orders/order-lines.server'
import { notifyOrderChanged } from '../orders/notify-order.server'
import { PAYMENT_TRANSITIONS, paymentFrom, type PaymentTransition } from '../orders/order-state'
import { readStoreDetails } from '../settings/store-details.server'
import { afterStockDelivery } from '../stock/stock-alerts.server'
import { deliverFromStock, type StockDelivery } from '../stock/deliver-stock.server'
import { handDeliveryAlert, paidAfterCancelAlert, stockQueueAlert } from '../alerts/event-alerts.server'
import { queueAlert } from '../alerts/queue-alert.server'
import { queueOrderNotices } from '../orders/queue-order-notices.server'

/**
 * The one way an order becomes paid, for PayPro and for staff alike. The conditional update lets
 * exactly one caller win; the email and the live notice commit with it, so a replay changes nothing.
 */
export async function markOrderPaid(
	db: Db,
	orderId: number,
	{
		via = 'confirmByStaff',
		testPayment = false,
		onPaid,
	}: {
		/** Who saw the money: PayPro (also after a failed attempt or expiry), staff, or staff reviewing a transfer receipt. */
		via?: 'confirmByProvider' | 'confirmByStaff' | 'confirmTransfer' | 'reinstate'
		/** Paid on the simulator in production: marked as a test order, and nothing is taken from stock until staff approve it (approveTestOrder). */
		testPayment?: boolean
		/** Runs in the same transaction, only for the caller that made the change (e.g. the staff audit entry). */
		onPaid?: (tx: Tx, order: Order) => Promise<void>
	} = {},
): Promise<{ changed: boolean; order: Order | null }> {
	// Read before the transaction: the store's name for the email, from memory on every instance.
	const { storeName } = await readStoreDetails(db)
	const result = await db.transaction(async (tx): Promise<{ changed: boolean; order: Order | null; delivery?: StockDelivery }> => {
		const [row] = await tx
			.update(orders)
			.set({ paymentStatus: PAYMENT_TRANSITIONS[via].to, ...(via === 'reinstate' ? {} : { paidAt: new Date() }), updatedAt: new Date(), rejectionReason: null, ...(testPayment ? { testPayment: true } : {}) })
			.where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, paymentFrom(via))))
			.returning()
		if (!row) {
			const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1)
			return { changed: false, order: await withLinesOf(tx, current) }
		}
		const order = (await withLinesOf(tx, row))!
		// Codes from stock go with the payment, in its transaction: a replay that changed nothing takes nothing.
		// A test payment takes nothing (deliverFromStock holds it): no code leaves stock until staff approve the order.
		const delivery = await deliverFromStock(tx, order, { storeName, deliveredEmail: false })
		// Its cost, fee and profit are fixed now, at the rate of the day, with the units stock gave it.
		Object.assign(order, await recordOrderCost(tx, order, via))
		if (order.customerEmail) await queueEmail(tx, orderPaidEmail(order, storeName, { delivered: delivery.complete }))
		await notifyOrderChanged(tx, order.orderNumber)
		// The buyer's phones: paid, or (everything delivered with the payment) the delivery's push, written by deliverFromStock.
		if (!delivery.complete) await queueOrderNotices(tx, order, 'paid', `paid:${order.orderNumber}`)
		// Staff who asked hear of what is left to do (a test payment waits for approval first).
		if (!order.testPayment && !delivery.complete) await queueAlert(tx, delivery.owed > 0 ? stockQueueAlert(order, delivery.owed) : handDeliveryAlert(order))
		if (onPaid) await onPaid(tx, order)
		return { changed: true, order, delivery }
	})
	if (result.delivery && result.order) await afterStockDelivery(db, result.delivery, result.order.orderNumber)
	const current = result.delivery?.fromStock && result.order ? { ...(await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]!, productDetails: result.order.productDetails } : result.order
	return { changed: result.changed, order: current ?? result.order }
}

/**
 * PayPro's money arrived for an order staff had cancelled (the buyer paid on a page still open): it is
 * kept, never lost. The order moves to `paid_after_cancel` (conditional update: once), the buyer is
 * told, and the console's "Paid after cancel" queue shows it for staff to reinstate or refund.
 * Nothing is delivered until staff reinstate it.
 */
export async function recordPaymentAfterCancel(db: Db, orderId: number, { testPayment = false }: { testPayment?: boolean } = {}): Promise<boolean> {
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		const [row] = await tx
			.update(orders)
			.set({ paymentStatus: PAYMENT_TRANSITIONS.payAfterCancel.to, paidAt: new Date(), updatedAt: new Date(), ...(testPayment ? { testPayment: true } : {}) })
			.where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, paymentFrom('payAfterCancel'))))
			.returning()
		if (!row) return false
		if (row.customerEmail) await queueEmail(tx, paidAfterCancelEmail(row, storeName))
		await notifyOrderChanged(tx, row.orderNumber)
		if (!row.testPayment) await queueAlert(tx, paidAfterCancelAlert(row))
		return true
	})
}

/**
 * An unpaid order stops waiting for its payment: the provider reports it failed, it was left unpaid
 * too long, or it is cancelled. The conditional update lets only an order still in one of the
 * transition's from-states move (a receipt arriving meanwhile keeps it from expiring). With
 * `paymentUrl`, only while the order still has that PayPro page: an answer about a page the buyer
 * has since replaced (paying again) must not fail the new one; with `paymentMethod`, only while the
 * order is still paid that way (a buyer who switched to a transfer is waiting on their receipt).
 */
export async function stopAwaitingPayment(
	db: Db,
	orderId: number,
	transition: Extract<PaymentTransition, 'failByProvider' | 'expire' | 'cancel'>,
	{ paymentUrl, paymentMethod }: { paymentUrl?: string; paymentMethod?: string } = {},
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [order] = await tx
			.update(orders)
			.set({ paymentStatus: PAYMENT_TRANSITIONS[transition].to, updatedAt: new Date() })
			.where(
				and(
					eq(orders.id, orderId),
					inArray(orders.paymentStatus, paymentFrom(transition)),
					paymentUrl === undefined ? undefined : eq(orders.paymentUrl, paymentUrl),
					paymentMethod === undefined ? undefined : eq(orders.paymentMethod, paymentMethod),
				),
			)
			.returning({ orderNumber: orders.orderNumber })
		if (order) await notifyOrderChanged(tx, order.orderNumber)
		return Boolean(order)
	})
}
