import type { Lang } from '../../i18n/lang'
import { translator } from '../../i18n/messages.server'
import { formatRs } from '../../utils/money'

// What a push about an order says, in the order's language (app/i18n/<lang>/push.ts). It says what
// happened and opens the order page; it never carries a code, a login, an address or staff's notes.

export type PushEvent = 'paid' | 'delivered' | 'replaced' | 'claim-answered' | 'refunded' | 'transfer-rejected' | 'cancelled' | 'payment-reminder'

const KEYS = {
	paid: ['push.paid.title', 'push.paid.body'],
	delivered: ['push.delivered.title', 'push.delivered.body'],
	replaced: ['push.replaced.title', 'push.replaced.body'],
	'claim-answered': ['push.claimAnswered.title', 'push.claimAnswered.body'],
	refunded: ['push.refunded.title', 'push.refunded.body'],
	'transfer-rejected': ['push.transferRejected.title', 'push.transferRejected.body'],
	cancelled: ['push.cancelled.title', 'push.cancelled.body'],
	'payment-reminder': ['push.paymentReminder.title', 'push.paymentReminder.body'],
} as const

/** Left-to-right inside right-to-left text (an order number, Rs. 3,200): Unicode's first-strong isolate. */
const isolate = (lang: Lang, text: string) => (lang === 'ur' ? `\u2068${text}\u2069` : text)

export function pushText(event: PushEvent, order: { orderNumber: string; lang: Lang }, amount = 0): { title: string; body: string } {
	const t = translator(order.lang)
	const [title, body] = KEYS[event]
	return { title: t(title), body: t(body, { order: isolate(order.lang, order.orderNumber), amount: isolate(order.lang, formatRs(amount)) }) }
}
