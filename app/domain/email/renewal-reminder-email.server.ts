import { orderLang } from './email-language.server'
import { daysText, letterText, orderLetter } from './order-letter.server'
import { localePath } from '../../i18n/lang'
import { formatPakistanDay } from '../../utils/pakistan-time'
import { absoluteUrl } from '../../utils/origin.server'
import type { Order } from '../orders/order'
import { lineOptionLabel } from '../orders/line-option'
import { optionLabel } from '../../i18n/option-label'
import { renewalReminderKey, renewPath, type RenewalReminderKind } from '../orders/renewal'
import { unsubscribeParts } from '../orders/renewal-unsubscribe.server'
import { subscriptionDaysLeft } from '../orders/subscription'
import type { QueuedEmail } from './queue-email.server'
import { renewalReminderHtml } from '../../integrations/email/html/templates.server'

/** The renew link from an email: it carries the order's token, so it opens on any device. */
export const renewUrl = (order: Pick<Order, 'orderNumber' | 'accessToken'> & { lang?: unknown }, lineIndex: number) =>
	absoluteUrl(localePath(orderLang(order), `${renewPath(order.orderNumber, lineIndex)}?token=${encodeURIComponent(order.accessToken ?? '')}`))

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
	const { lang, t, name, orderUrl, shell } = orderLetter(order, storeName)
	const line = order.productDetails[lineIndex]!
	const productName = line.name
	const chosen = lineOptionLabel(line)
	const option = chosen ? optionLabel(t, lang, chosen) : ''
	const days = subscriptionDaysLeft(endsAt, now)
	const endsOn = formatPakistanDay(endsAt.toISOString(), lang)
	const renew = renewUrl(order, lineIndex)
	const unsubscribe = unsubscribeParts(order.customerEmail!, 'renewal-reminders', lang)
	const ended = kind === 'due' || days === 0
	const daysLeft = daysText(t, days)
	const facts = { product: productName, option: option ? ` (${option})` : '', orderNumber: order.orderNumber, date: endsOn, days: daysLeft }
	const headline = ended ? t('email.renewal.headlineToday', facts) : t('email.renewal.headlineSoon', facts)
	return {
		dedupeKey: renewalReminderKey(order.orderNumber, lineIndex, kind),
		toEmail: order.customerEmail!,
		toName: order.customerName,
		subject: ended ? t('email.renewal.subjectToday', { product: productName }) : t('email.renewal.subjectSoon', { product: productName, days: daysLeft }),
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
		text: letterText(t, {
			name,
			storeName,
			body: [headline, ended ? t('email.renewal.nowText') : t('email.renewal.soonText'), '', t('email.renewal.renewAt', { url: renew }), t('email.yourOrderAt', { url: orderUrl })],
			unsubscribeUrl: unsubscribe.url,
		}),
		html: renewalReminderHtml({
			...shell,
			name,
			orderNumber: order.orderNumber,
			productName,
			option,
			headline,
			ended,
			endsOn,
			renewUrl: renew,
			orderUrl,
			unsubscribeUrl: unsubscribe.url,
		}),
		headers: unsubscribe.headers,
		orderNumber: order.orderNumber,
	}
}
