import { formatPakistanDay } from '../../utils/pakistan-time'
import { absoluteUrl } from '../../utils/origin.server'
import type { Order } from '../orders/order'
import { lineOptionLabel } from '../orders/line-option'
import { orderLink } from '../orders/order-token.server'
import { renewalReminderKey, renewPath, type RenewalReminderKind } from '../orders/renewal'
import { unsubscribeParts } from '../orders/renewal-unsubscribe.server'
import { subscriptionDaysLeft } from '../orders/subscription'
import type { QueuedEmail } from './queue-email.server'
import { renewalReminderHtml } from '../../integrations/email/html/templates.server'

/** The renew link from an email: it carries the order's token, so it opens on any device. */
export const renewUrl = (order: Pick<Order, 'orderNumber' | 'accessToken'>, lineIndex: number) =>
	absoluteUrl(`${renewPath(order.orderNumber, lineIndex)}?token=${encodeURIComponent(order.accessToken ?? '')}`)

/**
 * A subscription bought in the shop ends in a few days, or today: renew it in one click, at today's
 * price. Not an order email: it has an unsubscribe link and the one-click headers.
 */
export function renewalReminderEmail(
	order: Order,
	lineIndex: number,
	kind: RenewalReminderKind,
	endsAt: Date,
	storeName: string,
	now = Date.now(),
): QueuedEmail {
	const line = order.productDetails[lineIndex]!
	const productName = line.name
	const option = lineOptionLabel(line) ?? ''
	const name = order.customerName ?? 'there'
	const days = subscriptionDaysLeft(endsAt, now)
	const endsOn = formatPakistanDay(endsAt.toISOString())
	const renew = renewUrl(order, lineIndex)
	const unsubscribe = unsubscribeParts(order.customerEmail!, 'renewal-reminders')
	const ended = kind === 'due' || days === 0
	const daysText = `${days} ${days === 1 ? 'day' : 'days'}`
	const headline = ended
		? `Your ${productName}${option ? ` (${option})` : ''} from order ${order.orderNumber} ends today, ${endsOn}.`
		: `Your ${productName}${option ? ` (${option})` : ''} from order ${order.orderNumber} ends in ${daysText}, on ${endsOn}.`
	return {
		dedupeKey: renewalReminderKey(order.orderNumber, lineIndex, kind),
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: ended ? `Your ${productName} ends today: renew it in one click` : `Your ${productName} ends in ${daysText}`,
		templateId: null,
		params: {
			NAME: name,
			ORDER_ID: order.orderNumber,
			PRODUCT_NAME: productName,
			OPTION: option,
			ENDS_ON: endsOn,
			DAYS_LEFT: String(days),
			RENEW_URL: renew,
			UNSUBSCRIBE_URL: unsubscribe.url,
		},
		text: [
			`Hi ${name},`,
			'',
			headline,
			ended ? 'Renew now to keep playing: it takes a minute, at today’s price.' : 'Renew before it ends to keep playing without a break, at today’s price.',
			'',
			`Renew: ${renew}`,
			`Your order: ${absoluteUrl(orderLink(order))}`,
			'',
			`Thank you for shopping with ${storeName}.`,
			'',
			`Don’t want these reminders? Unsubscribe: ${unsubscribe.url}`,
		].join('\n'),
		html: renewalReminderHtml({
			storeName,
			shopUrl: absoluteUrl('/'),
			name,
			orderNumber: order.orderNumber,
			productName,
			option,
			headline,
			ended,
			endsOn,
			renewUrl: renew,
			orderUrl: absoluteUrl(orderLink(order)),
			unsubscribeUrl: unsubscribe.url,
		}),
		headers: unsubscribe.headers,
		orderNumber: order.orderNumber,
	}
}
