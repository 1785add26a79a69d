import { letterText, orderLetter } from './order-letter.server'
import { brevoTemplateId } from '../../integrations/email/provider.server'
import type { Order } from '../orders/order'
import { absoluteUrl } from '../../utils/origin.server'
import type { QueuedEmail } from './queue-email.server'
import { emailImageUrl } from '../media/media-files'
import { formatRs } from '../../utils/money'
import { discountOf } from '../coupons/coupon'
import { orderPaidHtml } from '../../integrations/email/html/templates.server'

/** The order email of §7 (template 2: NAME, ORDER_ID, PRODUCT_NAME, PRODUCT_IMAGE) plus the tracking link. */
export function orderPaidEmail(order: Order, storeName: string, { delivered = false }: { delivered?: boolean } = {}): QueuedEmail {
	const { lang, t, name, orderUrl: trackingUrl, shell } = orderLetter(order, storeName)
	const lines = order.productDetails
	const first = lines[0]
	const productName = first ? (lines.length > 1 ? t('email.paid.more', { name: first.name, count: lines.length - 1 }) : first.name) : t('email.paid.yourOrder')
	return {
		dedupeKey: `order-paid:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: t('email.paid.subject', { orderNumber: order.orderNumber }),
		// The owner's Brevo template is written in English: an Urdu order's email is sent as the shop draws it (ADR-032).
		templateId: lang === 'en' ? brevoTemplateId() : null,
		params: {
			NAME: name,
			ORDER_ID: order.orderNumber,
			PRODUCT_NAME: productName,
			PRODUCT_IMAGE: first ? absoluteUrl(emailImageUrl(first.image)) : '',
			TRACKING_URL: trackingUrl,
		},
		text: letterText(t, {
			name,
			storeName,
			body: [
				t('email.paid.received', { orderNumber: order.orderNumber, product: productName }),
				...(discountOf(lines) > 0 ? [t('email.paid.withDiscount', { amount: formatRs(order.totalAmount), discount: formatRs(discountOf(lines)) })] : []),
				...(delivered
					? [t('email.paid.delivered'), '', t('email.openOrderAt', { url: trackingUrl })]
					: [t('email.paid.preparing'), '', t('email.paid.track', { url: trackingUrl })]),
			],
		}),
		// Sent as is by the log and SMTP providers; Brevo's template path sends only templateId and params.
		html: orderPaidHtml({
			...shell,
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
