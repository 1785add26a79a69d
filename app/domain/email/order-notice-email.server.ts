import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { absoluteUrl } from '../../utils/origin.server'
import { formatRs } from '../../utils/money'
import type { QueuedEmail } from './queue-email.server'
import { orderNoticeHtml } from '../../integrations/email/html/templates.server'
import { REFUND_METHOD_LABELS, type RefundMethod } from '../refunds/refund-input'

// What the buyer is told when staff cancel their order, give money back, or a payment arrives after
// a cancel: written to the outbox in the transaction that makes the change (queueEmail).

function notice(order: Order, storeName: string, { key, subject, title, paragraphs, facts = [] }: { key: string; subject: string; title: string; paragraphs: string[]; facts?: [string, string][] }): QueuedEmail {
	const trackingUrl = absoluteUrl(orderLink(order))
	const name = order.customerName ?? 'there'
	const all = [`Hi ${name},`, ...paragraphs]
	return {
		dedupeKey: key,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject,
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TRACKING_URL: trackingUrl },
		text: [...all.flatMap((p) => [p, '']), ...facts.map(([k, v]) => `${k}: ${v}`), ...(facts.length ? [''] : []), `Open your order here: ${trackingUrl}`, '', `Thank you for shopping with ${storeName}.`].join('\n'),
		html: orderNoticeHtml({ storeName, shopUrl: absoluteUrl('/'), title, paragraphs: all, facts, trackingUrl }),
		orderNumber: order.orderNumber,
	}
}

/** Staff cancelled an unpaid order: why, and that its payment link no longer works. */
export function orderCancelledEmail(order: Order, storeName: string, reason: string): QueuedEmail {
	return notice(order, storeName, {
		key: `order-cancelled:${order.orderNumber}`,
		subject: `Order ${order.orderNumber} cancelled`,
		title: 'Your order is cancelled',
		paragraphs: [`We have cancelled your order ${order.orderNumber}. Its payment link no longer works, so please do not pay for it.`, `Reason: ${reason}`, 'If you paid already, message us quoting the order number: your money is never lost.'],
	})
}

/** Money given back: how much, how, and what is left of the order. */
export function orderRefundedEmail(order: Order, storeName: string, refund: { id: number; amount: number; method: string; reference: string | null; reason: string; full: boolean }): QueuedEmail {
	return notice(order, storeName, {
		key: `order-refund:${order.orderNumber}:${refund.id}`,
		subject: refund.full ? `Order ${order.orderNumber} refunded` : `Order ${order.orderNumber} partly refunded`,
		title: refund.full ? 'Your order is refunded' : 'Part of your order is refunded',
		paragraphs: [`We have refunded ${formatRs(refund.amount)} of your order ${order.orderNumber}.`, `Reason: ${refund.reason}`],
		facts: [['Amount', formatRs(refund.amount)], ['Refunded to', REFUND_METHOD_LABELS[refund.method as RefundMethod] ?? refund.method], ...(refund.reference ? [['Reference', refund.reference] as [string, string]] : []), ['Refunded in all', formatRs(order.refundedAmount)]],
	})
}

/** PayPro's money arrived for an order staff had cancelled: kept, and staff will deliver or refund. */
export function paidAfterCancelEmail(order: Order, storeName: string): QueuedEmail {
	return notice(order, storeName, {
		key: `order-paid-after-cancel:${order.orderNumber}`,
		subject: `Order ${order.orderNumber}: payment received after it was cancelled`,
		title: 'We received your payment',
		paragraphs: [`Your payment for order ${order.orderNumber} arrived after the order was cancelled. It is safe with us: we will either deliver the order or refund you, and let you know.`],
	})
}


