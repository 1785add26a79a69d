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

/** The places' values of `words` in `lang`: its params, and its times written as that language writes a Pakistan time. */
export function paramsIn(words: Words, lang: Lang): MessageParams | undefined {
	if (!words.times) return words.params
	return { ...words.params, ...Object.fromEntries(Object.entries(words.times).map(([name, iso]) => [name, formatPakistanTime(iso, lang)])) }
}

/** `said` through a page's or the server's `t` (of language `lang`): words by key in its language, a sentence as written. */
export const say = (t: Translate, said: Said, lang: Lang = 'en'): string => (typeof said === 'string' ? said : t(said.key, paramsIn(said, lang)))
