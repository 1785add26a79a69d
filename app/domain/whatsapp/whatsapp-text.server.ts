import type { Lang } from '../../i18n/lang'
import { translator } from '../../i18n/messages.server'
import { formatRs } from '../../utils/money'
import type { PushEvent } from '../push/push-text.server'

// What happened to an order, in the order's language (app/i18n/<lang>/whatsapp.ts): the middle value
// of the template. It never carries a code, a login, an address or staff's notes.

const KEYS = {
	paid: 'whatsapp.paid',
	delivered: 'whatsapp.delivered',
	replaced: 'whatsapp.replaced',
	'claim-answered': 'whatsapp.claimAnswered',
	refunded: 'whatsapp.refunded',
	'transfer-rejected': 'whatsapp.transferRejected',
	cancelled: 'whatsapp.cancelled',
	'payment-reminder': 'whatsapp.paymentReminder',
} as const

/** Left-to-right inside right-to-left text (Rs. 3,200): Unicode's first-strong isolate. */
const isolate = (lang: Lang, text: string) => (lang === 'ur' ? `\u2068${text}\u2069` : text)

export function whatsappSentence(event: PushEvent, lang: Lang, amount = 0): string {
	return translator(lang)(KEYS[event], { amount: isolate(lang, formatRs(amount)) })
}
