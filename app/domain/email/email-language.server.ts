import { isLang, localePath, type Lang } from '../../i18n/lang'
import { translator } from '../../i18n/messages.server'
import { absoluteUrl } from '../../utils/origin.server'

/** An order's language (orders.lang, ADR-032); English for anything else. */
export const orderLang = (order: { lang?: unknown }): Lang => (isLang(order.lang) ? order.lang : 'en')

/** What an email needs to be written in a language: its words, its lang, and its links to the shop in that language. */
export function emailLanguage(lang: Lang) {
	const t = translator(lang)
	return { lang, t, url: (path: string) => absoluteUrl(localePath(lang, path)) }
}
