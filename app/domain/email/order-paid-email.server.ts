import type { Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { absoluteUrl } from '../../utils/origin.server'
import { env } from '../../utils/env.server'
import type { QueuedEmail } from './queue-email.server'
import { emailImageUrl } from '../media/media-files'
import { formatRs } from '../../utils/money'
import { discountOf } from '../coupons/coupon'
import { orderPaidHtml } from '../../integrations/email/html/templates.server'

/** The order email of §7 (template 2: NAME, ORDER_ID, PRODUCT_NAME, PRODUCT_IMAGE) plus the tracking link. */
export function orderPaidEmail(order: Order, storeName: string, { delivered = false }: { delivered?: boolean } = {}): QueuedEmail {
	const lines = order.productDetails
	const first = lines[0]
	const productName = first ? (lines.length > 1 ? `${first.name} and ${lines.length - 1} more` : first.name) : 'Your order'
	const trackingUrl = absoluteUrl(orderLink(order))
	const name = order.customerName ?? 'there'
	return {
		dedupeKey: `order-paid:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: `Order ${order.orderNumber} confirmed: payment received`,
		templateId: env().BREVO_TEMPLATE_ID,
		params: {
			NAME: name,
			ORDER_ID: order.orderNumber,
			PRODUCT_NAME: productName,
			PRODUCT_IMAGE: first ? absoluteUrl(emailImageUrl(first.image)) : '',
			TRACKING_URL: trackingUrl,
		},
		text: [
			`Hi ${name},`,
			'',
			`We have received your payment for order ${order.orderNumber} (${productName}).`,
			...(discountOf(lines) > 0 ? [`Paid ${formatRs(order.totalAmount)}, with ${formatRs(discountOf(lines))} off from your discount code.`] : []),
			...(delivered
				? ['It is delivered already: your codes or account details are waiting on your order page. Keep them private.', '', `Open your order here: ${trackingUrl}`]
				: ['We are preparing it now; most orders are delivered within a few hours.', '', `Track your order and receive your codes here: ${trackingUrl}`]),
			'',
			`Thank you for shopping with ${storeName}.`,
		].join('\n'),
		// Sent as is by the log and SMTP providers; Brevo's template path sends only templateId and params.
		html: orderPaidHtml({
			storeName,
			shopUrl: absoluteUrl('/'),
			name,
			orderNumber: order.orderNumber,
			productName,
			amount: typeof order.totalAmount === 'number' ? formatRs(order.totalAmount) : null,
			discount: discountOf(lines) > 0 ? formatRs(discountOf(lines)) : null,
			trackingUrl,
			delivered,
		}),
		orderNumber: order.orderNumber,
	}
}
