import { emailLanguage, orderLang } from './email-language.server'
import type { OrderRow as Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import type { QueuedEmail } from './queue-email.server'
import { orderDeliveredHtml } from '../../integrations/email/html/templates.server'

/** Sent once when staff complete an order: the tracking link only, never the codes (product decision 7). */
export function orderDeliveredEmail(order: Order, storeName: string): QueuedEmail {
	const { lang, t, url } = emailLanguage(orderLang(order))
	const trackingUrl = url(orderLink(order))
	const name = order.customerName ?? t('email.there')
	return {
		dedupeKey: `order-delivered:${order.orderNumber}`,
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: t('email.delivered.subject', { orderNumber: order.orderNumber }),
		templateId: null,
		params: { NAME: name, ORDER_ID: order.orderNumber, TRACKING_URL: trackingUrl },
		text: [
			t('email.hi', { name }),
			'',
			t('email.delivered.done', { orderNumber: order.orderNumber }),
			t('email.delivered.waiting'),
			'',
			t('email.openOrderAt', { url: trackingUrl }),
			'',
			t('email.thanks', { store: storeName }),
		].join('\n'),
		html: orderDeliveredHtml({ storeName, lang, t, shopUrl: url('/'), name, orderNumber: order.orderNumber, trackingUrl }),
		orderNumber: order.orderNumber,
	}
}
