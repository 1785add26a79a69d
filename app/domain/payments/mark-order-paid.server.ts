import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders } from '../../db/schema'
import { orderPaidEmail } from '../email/order-paid-email.server'
import { queueEmail } from '../email/queue-email.server'
import type { Order } from '../orders/create-order.server'
import { withLinesOf } from '../orders/order-lines.server'
import { notifyOrderChanged } from '../orders/notify-order.server'
import { PAID_STATUS, UNPAID_STATUSES } from '../orders/status'
import { readStoreDetails } from '../settings/store-details.server'
import { afterStockDelivery } from '../stock/stock-alerts.server'
import { deliverFromStock, type StockDelivery } from '../stock/deliver-stock.server'

/**
 * The one way an order becomes paid, for PayPro and for staff alike. The conditional update lets
 * exactly one caller win; the email and the live notice commit with it, so a replay changes nothing.
 */
export async function markOrderPaid(
	db: Db,
	orderId: number,
	{
		from = UNPAID_STATUSES,
		testPayment = false,
		onPaid,
	}: {
		from?: readonly string[]
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
			.set({ status: PAID_STATUS, paidAt: new Date(), updatedAt: new Date(), rejectionReason: null, ...(testPayment ? { testPayment: true } : {}) })
			.where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
			.returning()
		if (!row) {
			const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1)
			return { changed: false, order: await withLinesOf(tx, current) }
		}
		const order = (await withLinesOf(tx, row))!
		// Codes from stock go with the payment, in its transaction: a replay that changed nothing takes nothing.
		// A test payment takes nothing (deliverFromStock holds it): no code leaves stock until staff approve the order.
		const delivery = await deliverFromStock(tx, order, { storeName, deliveredEmail: false })
		if (order.customerEmail) await queueEmail(tx, orderPaidEmail(order, storeName, { delivered: delivery.complete }))
		await notifyOrderChanged(tx, order.orderNumber)
		if (onPaid) await onPaid(tx, order)
		return { changed: true, order, delivery }
	})
	if (result.delivery && result.order) await afterStockDelivery(db, result.delivery, result.order.orderNumber)
	const current = result.delivery?.fromStock && result.order ? { ...(await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]!, productDetails: result.order.productDetails } : result.order
	return { changed: result.changed, order: current ?? result.order }
}

/**
 * An unpaid order the provider reports as failed, or left unpaid too long, stops waiting. With
 * `paymentUrl`, only while the order still has that PayPro page: an answer about a page the buyer
 * has since replaced (paying again) must not fail the new one; with `paymentMethod`, only while the
 * order is still paid that way (a buyer who switched to a transfer is waiting on their receipt).
 */
export async function markOrderUnpaid(
	db: Db,
	orderId: number,
	status: 'failed' | 'expired' | 'cancelled',
	{ paymentUrl, paymentMethod }: { paymentUrl?: string; paymentMethod?: string } = {},
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [order] = await tx
			.update(orders)
			.set({ status, updatedAt: new Date() })
			.where(
				and(
					eq(orders.id, orderId),
					inArray(orders.status, [...UNPAID_STATUSES]),
					paymentUrl === undefined ? undefined : eq(orders.paymentUrl, paymentUrl),
					paymentMethod === undefined ? undefined : eq(orders.paymentMethod, paymentMethod),
				),
			)
			.returning({ orderNumber: orders.orderNumber })
		if (order) await notifyOrderChanged(tx, order.orderNumber)
		return Boolean(order)
	})
}
