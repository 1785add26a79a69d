import { daysText, letterText, orderLetter } from './order-letter.server'
import { formatPakistanDay } from '../../utils/pakistan-time'
import type { Order } from '../orders/order'
import { subscriptionDaysLeft } from '../orders/subscription'
import { unsubscribeParts } from '../orders/renewal-unsubscribe.server'
import type { QueuedEmail } from './queue-email.server'
import { subscriptionReminderHtml } from '../../integrations/email/html/templates.server'

export type ReminderKind = 'before' | 'expiry'

/** The reminder's key, shared by its job and its email: each reminder exists, and is sent, once. */
export const reminderKey = (orderNumber: string, kind: ReminderKind) => `reminder:${orderNumber}:${kind}`

/** A DM order's subscription is about to end, or has ended: renew by replying or through the shop. */
export function subscriptionReminderEmail(order: Order, kind: ReminderKind, endsAt: Date, storeName: string, now = Date.now()): QueuedEmail {
	const { lang, t, name, orderUrl: trackingUrl, shell } = orderLetter(order, storeName)
	const first = order.productDetails[0]
	const productName = first?.name ?? t('email.subscription.fallback')
	const days = subscriptionDaysLeft(endsAt, now)
	const ended = kind === 'expiry' || days === 0
	// Not an order email: the buyer may stop reminders in one click.
	const unsubscribe = unsubscribeParts(order.customerEmail!, 'renewal-reminders', lang)
	const daysLeft = daysText(t, days)
	const endsOn = formatPakistanDay(endsAt.toISOString(), lang)
	const when = ended ? t('email.subscription.endedOn', { date: endsOn }) : t('email.subscription.endsIn', { days: daysLeft, date: endsOn })
	return {
		dedupeKey: reminderKey(order.orderNumber, kind),
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: ended ? t('email.subscription.subjectEnded', { product: productName }) : t('email.subscription.subjectSoon', { product: productName, days: daysLeft }),
		templateId: null,
		params: {
			NAME: name,
			ORDER_ID: order.orderNumber,
			PRODUCT_NAME: productName,
			ENDS_ON: endsOn,
			TRACKING_URL: trackingUrl,
			UNSUBSCRIBE_URL: unsubscribe.url,
		},
		text: letterText(t, {
			name,
			storeName,
			body: [
				t('email.subscription.line', { product: productName, orderNumber: order.orderNumber, when }),
				ended ? t('email.subscription.endedText') : t('email.subscription.soonText'),
				'',
				t('email.yourOrderAt', { url: trackingUrl }),
			],
			unsubscribeUrl: unsubscribe.url,
		}),
		html: subscriptionReminderHtml({
			...shell,
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
