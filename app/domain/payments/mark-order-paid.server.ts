import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { recordOrderCost } from '../costs/record-order-cost.server'
import { orders } from '../../db/schema'
import { orderPaidEmail } from '../email/order-paid-email.server'
import { queueEmail } from '../email/queue-email.server'
import { paidAfterCancelEmail } from '../email/order-notice-email.server'
import type { Order } from '../orders/order'
import { withLinesOf } from '../orders/order-lines.server'
import { notifyOrderChanged } from '../orders/notify-order.server'
import { PAYMENT_TRANSITIONS, paymentFrom, type PaymentState, type PaymentTransition } from '../orders/order-state'
import { COUPON_LAPSED } from '../coupons/coupon'
import { retakeCouponUse } from '../coupons/coupons.server'
import { holdsCouponUse } from '../orders/order-facts'
import { AppError } from '../../utils/app-error'
import { translator } from '../../i18n/messages.server'
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
		/** Who saw the money: PayPro (also after a failed attempt or expiry), staff, or staff reviewing a transfer receipt; or nothing was owed (settle). */
		via?: 'confirmByProvider' | 'confirmByStaff' | 'confirmTransfer' | 'reinstate' | 'settle'
		/** Paid on the simulator in production: marked as a test order, and nothing is taken from stock until staff approve it (approveTestOrder). */
		testPayment?: boolean
		/** Runs in the same transaction, only for the caller that made the change (e.g. the staff audit entry). */
		onPaid?: (tx: Tx, order: Order) => Promise<void>
	} = {},
): Promise<{ changed: boolean; order: Order | null; keptForRefund?: boolean }> {
	// Read before the transaction: the store's name for the email, from memory on every instance.
	const { storeName } = await readStoreDetails(db)
	const result = await db.transaction(async (tx): Promise<{ changed: boolean; order: Order | null; delivery?: StockDelivery; keptForRefund?: boolean }> => {
		// An order that let its discount code's use go (paid late after it expired, or reinstated after its
		// cancel) takes the use again under the code's lock first, or never becomes paid: a code's uses never
		// exceed its limits. A reinstate is refused with what staff can do instead; a late payment is kept
		// for staff to refund (paid after cancel, with the reason), never delivered at a price no longer given.
		if (via === 'confirmByProvider' || via === 'reinstate') {
			const [before] = await tx.select({ paymentStatus: orders.paymentStatus, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId)).for('update')
			if (before && !holdsCouponUse(before) && paymentFrom(via).includes(before.paymentStatus)) {
				const lapse = await retakeCouponUse(tx, orderId)
				if (lapse && via === 'reinstate') throw new AppError('CONFLICT', COUPON_LAPSED.reinstate(before.orderNumber, lapse.code, lapse.why))
				if (lapse) {
					const kept = await keepPaymentForStaff(tx, orderId, storeName, { from: before.paymentStatus, testPayment, staffNote: COUPON_LAPSED.latePayment(lapse.code, lapse.why) })
					return { changed: false, order: await withLinesOf(tx, kept), keptForRefund: Boolean(kept) }
				}
			}
		}
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
	return { changed: result.changed, order: current ?? result.order, ...(result.keptForRefund ? { keptForRefund: true } : {}) }
}

/**
 * PayPro's money arrived for an order staff had cancelled (the buyer paid on a page still open): it is
 * kept, never lost. The order moves to `paid_after_cancel` (conditional update: once), the buyer is
 * told, and the console's "Paid after cancel" queue shows it for staff to reinstate or refund.
 * Nothing is delivered until staff reinstate it.
 */
export async function recordPaymentAfterCancel(db: Db, orderId: number, { testPayment = false }: { testPayment?: boolean } = {}): Promise<boolean> {
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => Boolean(await keepPaymentForStaff(tx, orderId, storeName, { from: 'cancelled', testPayment })))
}

/**
 * The payAfterCancel move, in the caller's transaction: the money kept, the buyer told, staff alerted
 * (with `staffNote` when there is more to say). From an expired order (its discount code used up
 * meanwhile) the order also reads as cancelled, with the reason in the buyer's language.
 */
async function keepPaymentForStaff(tx: Tx, orderId: number, storeName: string, { from, testPayment, staffNote }: { from: PaymentState; testPayment: boolean; staffNote?: string }) {
	const [row] = await tx
		.update(orders)
		.set({
			paymentStatus: PAYMENT_TRANSITIONS.payAfterCancel.to,
			paidAt: new Date(),
			updatedAt: new Date(),
			...(testPayment ? { testPayment: true } : {}),
			...(from === 'expired' ? { cancelledAt: new Date(), cancelReason: sql`case when ${orders.lang} = 'ur' then ${translator('ur')('order.codeLapsed')} else ${translator('en')('order.codeLapsed')} end` } : {}),
		})
		.where(and(eq(orders.id, orderId), eq(orders.paymentStatus, from), inArray(orders.paymentStatus, paymentFrom('payAfterCancel'))))
		.returning()
	if (!row) return null
	if (row.customerEmail) await queueEmail(tx, paidAfterCancelEmail(row, storeName))
	await notifyOrderChanged(tx, row.orderNumber)
	if (!row.testPayment) await queueAlert(tx, paidAfterCancelAlert(row, staffNote))
	return row
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
