import type { Order } from './order'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import { maskName } from '../../utils/mask-name'
import { parseDeliveryContent, type OrderView } from './order-view'
import { subscriptionEndsAt } from './subscription'
import { actionInput, orderActions, testAwaitingApproval } from './order-actions'
import { specFulfillmentStatus, specPaymentStatus } from './status'

/** Shapes an order for its page: everything for the token holder, the public part for anyone else. */
export function viewOrder(order: Order, { full }: { full: boolean }): OrderView {
	const base = {
		orderNumber: order.orderNumber,
		// Never the row id (a sequential number tells anyone how many orders the shop has), nor the order number again.
		orderId: order.payproTransactionId,
		status: specPaymentStatus(order.paymentStatus),
		fulfillmentStatus: specFulfillmentStatus(order.deliveryStatus),
		paymentStatus: order.paymentStatus,
		deliveryStatus: order.deliveryStatus,
		actions: orderActions(actionInput(order)),
		totalAmount: order.totalAmount,
		createdAt: order.createdAt.toISOString(),
		paymentMethod: order.paymentMethod,
		rejectionReason: order.rejectionReason,
		cancelReason: order.paymentStatus === 'cancelled' || order.paymentStatus === 'paid_after_cancel' ? order.cancelReason : null,
		refundedAmount: order.refundedAmount,
		durationDays: order.durationDays,
		subscriptionEndsAt: subscriptionEndsAt(order.createdAt, order.durationDays)?.toISOString() ?? null,
		// Until staff approve it, or deliver it by hand.
		testPaymentAwaitingStaff: testAwaitingApproval(order),
		lang: order.lang,
	}
	if (!full) return { ...base, full: false, customerName: maskName(order.customerName) }
	return {
		...base,
		full: true,
		customerName: order.customerName ?? '',
		customerEmail: order.customerEmail,
		customerPhone: order.customerPhone,
		items: order.productDetails,
		// Completed, or partly delivered from stock: the buyer sees what came while the rest is owed.
		deliveryContent: order.deliveryStatus === 'completed' || order.stockDeliveredAt ? parseDeliveryContent(decryptDelivery(order.deliveryContent)) : null,
		partlyDelivered: order.deliveryStatus !== 'completed' && Boolean(order.stockDeliveredAt),
		owedUnits: order.undeliveredUnits,
		receiptUploaded: Boolean(order.receiptPath),
		deliveredAt: order.deliveredAt?.toISOString() ?? null,
	}
}
