import type { OrderLine } from '../../db/schema'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import type { Order } from './order'
import { translator } from '../../i18n/messages.server'
import { deliveryLines, isDelivery, maskedDelivery } from './delivered-units'
import { parseDeliveryContent } from './order-view'
import { actionInput, orderActions, testAwaitingApproval, type OrderActions } from './order-actions'
import type { DeliveryState, PaymentState } from './order-state'

/** One order as the staff console shows it: never the access token; delivery content only when asked. */
export interface StaffOrder {
	id: number
	orderNumber: string
	customerName: string | null
	customerEmail: string | null
	customerPhone: string | null
	totalAmount: number
	paymentStatus: PaymentState
	deliveryStatus: DeliveryState
	/** What staff may do now (mark paid, review the transfer, deliver…), from the order's state. */
	actions: OrderActions
	paymentMethod: string
	payproTransactionId: string | null
	/** PayPro order ids of earlier attempts, oldest first: a buyer may quote one. */
	earlierPayproIds: string[]
	items: OrderLine[]
	hasReceipt: boolean
	/** The transfer's transaction ID and payer as the buyer gave them with the receipt (ADR-049). */
	transferTid: string | null
	transferPayer: string | null
	rejectionReason: string | null
	/** Why staff cancelled it. */
	cancelReason: string | null
	/** Rupees refunded so far. */
	refundedAmount: number
	durationDays: number | null
	createdAt: string
	paidAt: string | null
	/** Paid on the simulator in production: no money moved. */
	testPayment: boolean
	/** A test order not approved yet: it takes no stock until staff approve it. */
	testAwaitingApproval: boolean
	/** Decrypted, as staff edit it: structured data pretty-printed, text as written; null when none or not asked for. */
	deliveryContent: string | null
	hasDeliveryContent: boolean
}

/** Delivery content as staff and the console's API read it: delivered units in English, anything else as stored. */
export function staffDeliveryContent(stored: string | null): unknown {
	const parsed = parseDeliveryContent(decryptDelivery(stored))
	return isDelivery(parsed) ? deliveryLines(parsed, translator('en'), 'en') : parsed
}

/**
 * Delivery content as the console's order page shows it before anyone reveals it: delivered units with
 * their codes and passwords masked; text typed by staff not at all (it may hold anything), only that
 * it is there. Null when there is none.
 */
export function maskedDeliveryText(stored: string | null): { text: string | null; hidden: boolean } | null {
	const parsed = parseDeliveryContent(decryptDelivery(stored))
	if (parsed == null || parsed === '') return null
	if (isDelivery(parsed)) return { text: deliveryLines(maskedDelivery(parsed), translator('en'), 'en'), hidden: false }
	return { text: null, hidden: true }
}

/** Delivery content as the staff textarea shows it. */
export function deliveryText(stored: string | null): string | null {
	const content = staffDeliveryContent(stored)
	if (content == null) return null
	return typeof content === 'string' ? content : JSON.stringify(content, null, 2)
}

export function staffOrderView(order: Order, { deliveryContent }: { deliveryContent: boolean }): StaffOrder {
	return {
		id: order.id,
		orderNumber: order.orderNumber,
		customerName: order.customerName,
		customerEmail: order.customerEmail,
		customerPhone: order.customerPhone,
		totalAmount: order.totalAmount,
		paymentStatus: order.paymentStatus,
		deliveryStatus: order.deliveryStatus,
		actions: orderActions(actionInput(order)),
		paymentMethod: order.paymentMethod,
		payproTransactionId: order.payproTransactionId,
		earlierPayproIds: order.earlierPayproIds,
		items: order.productDetails,
		hasReceipt: Boolean(order.receiptPath),
		transferTid: order.transferTid,
		transferPayer: order.transferPayer,
		rejectionReason: order.rejectionReason,
		cancelReason: order.cancelReason,
		refundedAmount: order.refundedAmount,
		durationDays: order.durationDays,
		createdAt: order.createdAt.toISOString(),
		paidAt: order.paidAt?.toISOString() ?? null,
		testPayment: order.testPayment,
		testAwaitingApproval: testAwaitingApproval(order),
		deliveryContent: deliveryContent ? deliveryText(order.deliveryContent) : null,
		hasDeliveryContent: order.deliveryContent != null,
	}
}
