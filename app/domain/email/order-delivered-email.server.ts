import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { absoluteUrl } from '../../utils/origin.server'
import type { QueuedEmail } from './queue-email.server'
import { orderDeliveredHtml } from '../../integrations/email/html/templates.server'

/** Sent once when staff complete an order: the tracking link only, never the codes (product decision 7). */
export function orderDeliveredEmail(order: Order, storeName: string): QueuedEmail {
	const trackingUrl = absoluteUrl(orderLink(order))
	const name = order.customerName ?? 'there'
	return {
		dedupeKey: `order-delivered:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: `Order ${order.orderNumber} delivered`,
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TRACKING_URL: trackingUrl },
		text: [
			`Hi ${name},`,
			'',
			`Your order ${order.orderNumber} has been delivered.`,
			'Your codes or account details are waiting for you on your order page. Keep them private.',
			'',
			`Open your order here: ${trackingUrl}`,
			'',
			`Thank you for shopping with ${storeName}.`,
		].join('\n'),
		html: orderDeliveredHtml({ storeName, shopUrl: absoluteUrl('/'), name, orderNumber: order.orderNumber, trackingUrl }),
		orderNumber: order.orderNumber,
	}
}
