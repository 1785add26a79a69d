import type { MessageKey, MessageParams, Translate } from './catalogue'
import type { Lang } from './lang'
import { formatPakistanTime } from '../utils/pakistan-time'

// What a person reads, named by its message key and its places' values (ADR-037): the domain says
// which words, each page says them in its own language. Nothing here holds a sentence.

/** Words by key: `{ key: 'checkout.outOfStock', params: { product } }`. */
export interface Words {
	key: MessageKey
	params?: MessageParams
	/** Places holding an instant (ISO 8601): written in Pakistan time as the reader's language writes it ('1 Dec 2026, 9:30 AM PKT', '1 دسمبر 2026، صبح 9:30'). */
	times?: Record<string, string>
	/** Places holding other words of the catalogue, said in the reader's language ('its payment is {state}' → 'paid', 'ادا شدہ'). */
	named?: Record<string, MessageKey>
}

/** Words by key, or a sentence kept as written (the console's own, in English, not yet given keys). */
export type Said = Words | string

/** Words by key, with their places' values. */
export const words = (key: MessageKey, params?: MessageParams): Words => (params ? { key, params } : { key })

/** Words with a moment in a place: `wordsAt('checkout.coupon.notStarted', { date: startsAt })`, the date written in each reader's language. */
export const wordsAt = (key: MessageKey, times: Record<string, Date>, params?: MessageParams): Words => ({
	key,
	...(params ? { params } : {}),
	times: Object.fromEntries(Object.entries(times).map(([name, at]) => [name, at.toISOString()])),
})

/** Words with other words in places: `wordsNaming('errors.orderMove.payment', { action: 'orderMove.cancel', state: 'orderState.payment.paid' }, { orderNumber })`. */
export const wordsNaming = (key: MessageKey, named: Record<string, MessageKey>, params?: MessageParams): Words => ({ key, ...(params ? { params } : {}), named })

/**
 * The places' values of `words` in `lang`: its params, its times written as that language writes a
 * Pakistan time, and its named words through `t` (that language's catalogue).
 */
export function paramsIn(words: Words, lang: Lang, t: (key: MessageKey) => string): MessageParams | undefined {
	if (!words.times && !words.named) return words.params
	return {
		...words.params,
		...Object.fromEntries(Object.entries(words.times ?? {}).map(([name, iso]) => [name, formatPakistanTime(iso, lang)])),
		...Object.fromEntries(Object.entries(words.named ?? {}).map(([name, key]) => [name, t(key)])),
	}
}

/** `said` through a page's or the server's `t` (of language `lang`): words by key in its language, a sentence as written. */
export const say = (t: Translate, said: Said, lang: Lang = 'en'): string => (typeof said === 'string' ? said : t(said.key, paramsIn(said, lang, (key) => t(key))))
