import type { Translate } from '../../i18n/catalogue'
import type { Order } from '../orders/order'
import { orderLink } from '../orders/order-token.server'
import { emailLanguage, orderLang } from './email-language.server'

/**
 * What an email about an order starts from: its words in the order's language, whom it greets, the
 * order's page, and the frame every html email is drawn in (the shop's name and address, the lang).
 */
export function orderLetter(order: Pick<Order, 'orderNumber' | 'accessToken' | 'customerName'> & { lang?: unknown }, storeName: string) {
	const { lang, t, url } = emailLanguage(orderLang(order))
	return {
		lang,
		t,
		url,
		name: order.customerName ?? t('email.there'),
		orderUrl: url(orderLink(order)),
		shell: { storeName, lang, t, shopUrl: url('/') },
	}
}

/**
 * An email's plain text: the greeting, the body's lines, the thanks, and, for an email the buyer may
 * stop (a reminder), the line that stops it.
 */
export function letterText(t: Translate, { name, storeName, body, unsubscribeUrl }: { name: string; storeName: string; body: string[]; unsubscribeUrl?: string }) {
	const unsubscribe = unsubscribeUrl ? ['', t('email.footer.unsubscribeAt', { url: unsubscribeUrl })] : []
	return [t('email.hi', { name }), '', ...body, '', t('email.thanks', { store: storeName }), ...unsubscribe].join('\n')
}

/** "3 days", "1 day", in the email's language. */
export const daysText = (t: Translate, days: number) => t(days === 1 ? 'email.daysOne' : 'email.daysMany', { days })
