import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { isPayProError, type PayProClient } from '../../integrations/paypro/client.server'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/create-order.server'

const CLAIM_SECONDS = 30

/**
 * Creates the PayPro order for one of our orders and returns the hosted page URL. Only one request
 * at a time may create it (a claim on the row, never a transaction held across the HTTP call);
 * a concurrent or later request for the same order waits for and reuses the same URL.
 */
export async function startPayproPayment(db: Db, paypro: PayProClient, order: Order, { waitMs = 15_000 } = {}): Promise<string> {
	if (order.status !== 'payment_pending') throw new AppError('CONFLICT', `Order ${order.orderNumber} is no longer waiting for payment.`)
	if (order.paymentUrl) return order.paymentUrl

	const [claimed] = await db
		.update(orders)
		.set({ payproClaimedAt: new Date() })
		.where(
			and(
				eq(orders.id, order.id),
				isNull(orders.paymentUrl),
				or(isNull(orders.payproClaimedAt), lt(orders.payproClaimedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`)),
			),
		)
		.returning({ id: orders.id })
	if (!claimed) return waitForPaymentUrl(db, paypro, order, waitMs)

	try {
		const created = await paypro.createOrder({
			orderNumber: order.orderNumber,
			amount: order.totalAmount,
			customerName: order.customerName ?? '',
			customerMobile: order.customerPhone ?? '',
			customerEmail: order.customerEmail ?? '',
		})
		await db
			.update(orders)
			.set({ paymentUrl: created.paymentUrl, payproTransactionId: created.payproId, payproClaimedAt: null, updatedAt: new Date() })
			.where(eq(orders.id, order.id))
		return created.paymentUrl
	} catch (error) {
		// The order stays: the buyer can retry, and staff can see it.
		await db.update(orders).set({ payproClaimedAt: null }).where(eq(orders.id, order.id))
		if (isPayProError(error)) {
			const message =
				error.kind === 'timeout' || error.kind === 'unavailable'
					? `${error.message} Your order ${order.orderNumber} is saved: please try again in a minute.`
					: error.message
			throw new AppError('UPSTREAM', message)
		}
		throw error
	}
}

async function waitForPaymentUrl(db: Db, paypro: PayProClient, order: Order, waitMs: number): Promise<string> {
	const deadline = Date.now() + waitMs
	while (Date.now() < deadline) {
		await new Promise((r) => setTimeout(r, 250))
		const [row] = await db
			.select({ paymentUrl: orders.paymentUrl, claimedAt: orders.payproClaimedAt })
			.from(orders)
			.where(eq(orders.id, order.id))
			.limit(1)
		if (row?.paymentUrl) return row.paymentUrl
		// The other request gave up: let this one try.
		if (!row?.claimedAt) return startPayproPayment(db, paypro, order, { waitMs: deadline - Date.now() })
	}
	throw new AppError('UPSTREAM', `The payment page for order ${order.orderNumber} is still being prepared. Please try again in a moment.`)
}
