import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import type { PayProClient, PayProOrderStatus } from '../../integrations/paypro/client.server'
import { simulatorPaymentsAreTests } from '../../integrations/paypro/paypro.server'
import { logger } from '../../utils/logger.server'
import type { Order } from '../orders/order'
import { UNPAID_STATES } from '../orders/order-state'
import { markOrderPaid, recordPaymentAfterCancel, stopAwaitingPayment } from './mark-order-paid.server'
import { shopOrderNumberOf } from './paypro-order-number'
import { forgetPayproPage } from '../orders/order-store/payment-rows.server'
import { cancelledUnpaid, paymentArrived } from '../orders/order-facts'
import { amountDue } from '../orders/amount-due'

export type ConfirmOutcome = 'paid' | 'already-paid' | 'unpaid' | 'failed' | 'not-found' | 'no-provider-order'

/** PAID is the only status PayPro is known to report; these are read as a final failure. */
const FAILED_STATUSES = new Set(['FAILED', 'CANCELLED', 'CANCELED', 'EXPIRED', 'BLOCKED', 'REJECTED'])

/** PAYMENTS.md: accept only when AmountPayable equals the order total and the amount paid covers it. */
export function paymentCovers(order: Pick<Order, 'totalAmount' | 'creditUsed'>, status: PayProOrderStatus) {
	// What PayPro was asked for: the total less the store credit spent on the order (ADR-051).
	const due = amountDue(order)
	return status.orderStatus === 'PAID' && status.amountPayable === due && status.amountPaid >= due
}

/**
 * Asks PayPro about one order and records what it says. A callback is only a trigger: this check
 * is what makes an order paid, once, however many times it runs.
 */
export async function confirmPayproPayment(
	db: Db,
	paypro: PayProClient,
	invoiceId: string,
	/** Whether a payment this check confirms is a test payment (the simulator in production): held for staff, see markOrderPaid. */
	{ testPayments = simulatorPaymentsAreTests() }: { testPayments?: boolean } = {},
): Promise<ConfirmOutcome> {
	const orderNumber = shopOrderNumberOf(invoiceId)
	const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) return 'not-found'
	if (paymentArrived(order)) return 'already-paid'
	// A PayPro id without a page is an earlier attempt that failed (the buyer is paying again): nothing to ask yet.
	if (!order.payproTransactionId || !order.paymentUrl) return 'no-provider-order'

	const status = await paypro.getOrderStatus(order.payproTransactionId)
	if (paymentCovers(order, status)) {
		const { changed, order: current, keptForRefund } = await markOrderPaid(db, order.id, { via: 'confirmByProvider', testPayment: testPayments })
		// Kept for a refund: paid late after it expired, its discount code used up meanwhile (paid after cancel).
		if (changed || keptForRefund) return 'paid'
		// Staff cancelled it meanwhile (or before): the money is kept, for staff to reinstate or refund.
		if (current && cancelledUnpaid(current) && (await recordPaymentAfterCancel(db, order.id, { testPayment: testPayments }))) return 'paid'
		// Not changed: another confirmation won.
		const [now] = await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id)).limit(1)
		return now && paymentArrived(now) ? 'already-paid' : 'unpaid'
	}
	if (status.orderStatus === 'PAID') {
		logger.warn({ orderNumber, total: order.totalAmount, payable: status.amountPayable, paid: status.amountPaid }, 'PayPro reports a payment that does not cover the order')
		return 'unpaid'
	}
	if (FAILED_STATUSES.has(status.orderStatus)) {
		// Switched to a transfer: the dead page is let go (nothing left to ask PayPro about), the order keeps waiting for its receipt.
		if (order.paymentMethod !== 'paypro') {
			await forgetPayproPage(db, order.id, order.paymentUrl)
			return 'unpaid'
		}
		// Only the page PayPro was asked about, and only while the order is paid online: a buyer paying again meanwhile has a new one.
		const failed = await stopAwaitingPayment(db, order.id, 'failByProvider', { paymentUrl: order.paymentUrl, paymentMethod: 'paypro' })
		const replaced = !failed && UNPAID_STATES.includes(order.paymentStatus)
		return replaced ? 'unpaid' : 'failed'
	}
	return 'unpaid'
}
