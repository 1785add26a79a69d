import { pakistanDate } from '../../utils/pakistan-time'
import type { Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { subscriptionDaysLeft } from '../orders/subscription'
import { absoluteUrl } from '../../utils/origin.server'
import { unsubscribeParts } from '../orders/renewal-unsubscribe.server'
import type { QueuedEmail } from './queue-email.server'
import { subscriptionReminderHtml } from '../../integrations/email/html/templates.server'

export type ReminderKind = 'before' | 'expiry'

/** The reminder's key, shared by its job and its email: each reminder exists, and is sent, once. */
export const reminderKey = (orderNumber: string, kind: ReminderKind) => `reminder:${orderNumber}:${kind}`


/** A DM order's subscription is about to end, or has ended: renew by replying or through the shop. */
export function subscriptionReminderEmail(order: Order, kind: ReminderKind, endsAt: Date, storeName: string, now = Date.now()): QueuedEmail {
	const first = order.productDetails[0]
	const productName = first?.name ?? 'subscription'
	const trackingUrl = absoluteUrl(orderLink(order))
	const name = order.customerName ?? 'there'
	const days = subscriptionDaysLeft(endsAt, now)
	const ended = kind === 'expiry' || days === 0
	// Not an order email: the buyer may stop reminders in one click.
	const unsubscribe = unsubscribeParts(order.customerEmail!, 'renewal-reminders')
	const when = ended ? `ended on ${pakistanDate(endsAt)}` : `ends in ${days} ${days === 1 ? 'day' : 'days'}, on ${pakistanDate(endsAt)}`
	return {
		dedupeKey: reminderKey(order.orderNumber, kind),
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: ended ? `Your ${productName} subscription has ended` : `Your ${productName} subscription ends in ${days} ${days === 1 ? 'day' : 'days'}`,
		templateId: null,
		params: {
			NAME: name,
			ORDER_ID: order.orderNumber,
			PRODUCT_NAME: productName,
			ENDS_ON: pakistanDate(endsAt),
			TRACKING_URL: trackingUrl,
			UNSUBSCRIBE_URL: unsubscribe.url,
		},
		text: [
			`Hi ${name},`,
			'',
			`Your ${productName} subscription from order ${order.orderNumber} ${when}.`,
			ended ? 'To keep playing, message us to renew: we will set you up again quickly.' : 'To keep playing without a break, message us to renew before it ends.',
			'',
			`Your order: ${trackingUrl}`,
			'',
			`Thank you for shopping with ${storeName}.`,
			'',
			`Don’t want these reminders? Unsubscribe: ${unsubscribe.url}`,
		].join('\n'),
		html: subscriptionReminderHtml({
			storeName,
			shopUrl: absoluteUrl('/'),
			name,
			orderNumber: order.orderNumber,
			productName,
			when,
			ended,
			trackingUrl,
			unsubscribeUrl: unsubscribe.url,
		}),
		headers: unsubscribe.headers,
		orderNumber: order.orderNumber,
	}
}
