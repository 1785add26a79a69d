import type { EventFacts } from '../orders/order-events.server'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { recordOrderCost } from '../costs/record-order-cost.server'
import { orders } from '../../db/schema'
import type { Order } from '../orders/order'
import { withLinesOf } from '../orders/order-lines.server'
import { transitionIfAllowed } from '../orders/order-store/transition.server'
import type { Actor } from '../staff/audit.server'
import { paymentFrom, type PaymentState, type PaymentTransition } from '../orders/order-state'
import { COUPON_LAPSED } from '../coupons/coupon'
import { retakeCouponUse } from '../coupons/coupons.server'
import { holdsCouponUse } from '../orders/order-facts'
import { AppError } from '../../utils/app-error'
import { translator } from '../../i18n/messages.server'
import { readStoreDetails } from '../settings/store-details.server'
import { afterStockDelivery } from '../stock/stock-alerts.server'
import { deliverFromStock, type StockDelivery } from '../stock/deliver-stock.server'
import { buyNowAfterPayment } from '../suppliers/buy-from-suppliers.server'

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
		by,
		facts,
		onPaid,
	}: {
		/** Who saw the money: PayPro (also after a failed attempt or expiry), staff, or staff reviewing a transfer receipt; or nothing was owed (settle). */
		via?: 'confirmByProvider' | 'confirmByStaff' | 'confirmTransfer' | 'reinstate' | 'settle'
		/** Paid on the simulator in production: marked as a test order, and nothing is taken from stock until staff approve it (approveTestOrder). */
		testPayment?: boolean
		/** Staff who saw the money (their name on the order's timeline); PayPro's confirmation is the provider's. */
		by?: Actor
		/** Facts the paid event keeps (the statement that confirmed it): the timeline says them. */
		facts?: EventFacts
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
		const made: { order?: Order; delivery?: StockDelivery } = {}
		const row = await transitionIfAllowed(tx, { id: orderId }, via, { ...(via === 'reinstate' ? {} : { paidAt: new Date() }), rejectionReason: null, ...(testPayment ? { testPayment: true } : {}) }, {
			by: by ?? (via === 'confirmByProvider' ? 'provider' : 'shop'),
			...(facts ? { facts } : {}),
			storeName,
			// Told after stock: the paid email says when everything was delivered with it; else the phones hear "paid", and staff what is left to do.
			then: async (paid) => {
				const order = (made.order = (await withLinesOf(tx, paid))!)
				// Codes from stock go with the payment, in its transaction: a replay that changed nothing takes nothing.
				// A test payment takes nothing (deliverFromStock holds it): no code leaves stock until staff approve the order.
				const delivery = (made.delivery = await deliverFromStock(tx, order, { storeName, deliveredEmail: false }))
				// Its cost, fee and profit are fixed now, at the rate of the day, with the units stock gave it.
				Object.assign(order, await recordOrderCost(tx, order, via))
				// Units a supplier purchase is buying are nobody's to do yet: staff hear of them only if the purchase waits for them (ADR-055).
				const buying = delivery.owedBySuppliers ?? 0
				return { delivered: delivery.complete, owed: delivery.owed - buying, buying, byHand: delivery.byHand ?? true }
			},
		})
		if (!row || !made.order) {
			const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1)
			return { changed: false, order: await withLinesOf(tx, current) }
		}
		if (onPaid) await onPaid(tx, made.order)
		return { changed: true, order: made.order, delivery: made.delivery }
	})
	if (result.delivery && result.order) await afterStockDelivery(db, result.delivery, result.order.orderNumber)
	// Units stock could not serve of an option with suppliers: bought now (the job queued with the payment is the fallback).
	if (result.delivery?.owedBySuppliers) buyNowAfterPayment(db, orderId)
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
	// The move tells the buyer (email), the open page and staff (an alert, with `staffNote`).
	return transitionIfAllowed(
		tx,
		{ id: orderId },
		'payAfterCancel',
		{
			paidAt: new Date(),
			...(testPayment ? { testPayment: true } : {}),
			...(from === 'expired' ? { cancelledAt: new Date(), cancelReason: sql`case when ${orders.lang} = 'ur' then ${translator('ur')('order.codeLapsed')} else ${translator('en')('order.codeLapsed')} end` } : {}),
		},
		{ by: 'provider', storeName, onlyIf: eq(orders.paymentStatus, from), facts: staffNote ? { staffNote } : {} },
	)
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
	transition: Extract<PaymentTransition, 'failByProvider' | 'expire'>,
	{ paymentUrl, paymentMethod }: { paymentUrl?: string; paymentMethod?: string } = {},
): Promise<boolean> {
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		const order = await transitionIfAllowed(tx, { id: orderId }, transition, {}, {
			by: transition === 'expire' ? 'shop' : 'provider',
			storeName,
			onlyIf: and(paymentUrl === undefined ? undefined : eq(orders.paymentUrl, paymentUrl), paymentMethod === undefined ? undefined : eq(orders.paymentMethod, paymentMethod)),
		})
		return Boolean(order)
	})
}
