import type { Order } from './order'
import { maskName } from '../../utils/mask-name'
import type { PublicOrderView } from './order-view'
import { subscriptionEndsAt } from './subscription'
import { heldAfterCancel, showsSubscriptionEnd } from './order-facts'
import { actionInput, orderActions, testAwaitingApproval } from './order-actions'
import { specFulfillmentStatus, specPaymentStatus } from './status'

/**
 * The part of an order anyone with its number may see. The full view, with what was delivered, is
 * made only by reveal-delivery.server.ts, which records that the buyer saw it.
 */
export function publicOrderView(order: Order): PublicOrderView {
	return {
		full: false,
		orderNumber: order.orderNumber,
		// Never the row id (a sequential number tells anyone how many orders the shop has), nor the order number again.
		orderId: order.payproTransactionId,
		status: specPaymentStatus(order.paymentStatus),
		fulfillmentStatus: specFulfillmentStatus(order.deliveryStatus),
		paymentStatus: order.paymentStatus,
		deliveryStatus: order.deliveryStatus,
		actions: orderActions(actionInput(order)),
		totalAmount: order.totalAmount,
		creditUsed: order.creditUsed,
		createdAt: order.createdAt.toISOString(),
		customerName: maskName(order.customerName),
		paymentMethod: order.paymentMethod,
		rejectionReason: order.rejectionReason,
		cancelReason: order.paymentStatus === 'cancelled' || heldAfterCancel(order) ? order.cancelReason : null,
		refundedAmount: order.refundedAmount,
		durationDays: order.durationDays,
		subscriptionEndsAt: showsSubscriptionEnd(order) ? (subscriptionEndsAt(order.createdAt, order.durationDays)?.toISOString() ?? null) : null,
		// Until staff approve it, or deliver it by hand.
		testPaymentAwaitingStaff: testAwaitingApproval(order),
		lang: order.lang,
	}
}
