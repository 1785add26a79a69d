import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { enqueueJob } from '../jobs/queue.server'
import { paymentFrom } from '../orders/order-state'
import { stopAwaitingPayment } from './mark-order-paid.server'
import { awaitingPaymentSql, openForPaymentSql } from '../orders/order-facts'

const CHECK_EVERY_MINUTES = 5

/**
 * The scheduled sweep: asks PayPro about online orders still unpaid after a few minutes (a lost
 * callback must not lose a paid order), transfers that still hold a PayPro page among them, and
 * expires orders left unpaid too long.
 */
export async function sweepOrders(db: Db, { reconcileAfterMinutes, expiryHours, now = new Date() }: { reconcileAfterMinutes: number; expiryHours: number; now?: Date }) {
	const checkBefore = new Date(now.getTime() - reconcileAfterMinutes * 60_000)
	const expireBefore = new Date(now.getTime() - expiryHours * 3_600_000)

	const waiting = await db
		.select({ orderNumber: orders.orderNumber })
		.from(orders)
		.where(
			and(
				or(
					and(openForPaymentSql(), eq(orders.paymentMethod, 'paypro'), isNotNull(orders.payproTransactionId)),
					// Switched to a transfer with a PayPro page still open: a payment made on it must not be lost either.
					and(awaitingPaymentSql(), eq(orders.paymentMethod, 'manual'), isNotNull(orders.paymentUrl)),
					// Cancelled by staff while its PayPro page was open: a payment made there is kept (paid after cancel).
					and(eq(orders.paymentStatus, 'cancelled'), isNotNull(orders.paymentUrl)),
				),
				lt(orders.createdAt, checkBefore),
				gt(orders.createdAt, expireBefore),
			),
		)
		.limit(500)
	const bucket = Math.floor(now.getTime() / (CHECK_EVERY_MINUTES * 60_000))
	for (const { orderNumber } of waiting) {
		await enqueueJob(db, { kind: 'reconcile-order', payload: { orderNumber }, dedupeKey: `reconcile:${orderNumber}:${bucket}`, maxAttempts: 3 })
	}

	// Waiting for a transfer receipt or for the buyer to pay online; a receipt under review never expires.
	const stale = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(inArray(orders.paymentStatus, paymentFrom('expire')), lt(orders.createdAt, expireBefore)))
		.limit(500)
	let expired = 0
	for (const { id } of stale) if (await stopAwaitingPayment(db, id, 'expire')) expired++

	return { checks: waiting.length, expired }
}
