import type { Translate } from '../i18n/catalogue'
import type { Lang } from '../i18n/lang'
import { withArticle } from './article'
import { formatRs } from './money'
import { withoutDirectionMarks } from './plain-text'

/** A WhatsApp link with a prefilled message: plain text, without the direction marks a page's Urdu may carry (WhatsApp would keep them in the order number). */
export function chatLink(number: string, text?: string) {
	return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(withoutDirectionMarks(text))}` : ''}`
}

// The messages a buyer sends from a product page, in the page's language (`t` and `lang` are the page's):
// plain text, as the chat app shows it, so without the marks the words layer keeps numbers whole with on a page.

export function productEnquiry(t: Translate, name: string, option: { label: string; price: number } | null) {
	const choice = option ? ` (${option.label} - ${formatRs(option.price)})` : ''
	return withoutDirectionMarks(t('catalogue.chat.enquiry', { product: `${name}${choice}` }))
}

export function customDurationQuote(t: Translate, name: string, months: number) {
	return withoutDirectionMarks(t('catalogue.chat.durationQuote', { product: name, months }))
}

/** English says “a quote for an Xbox Gift Card”: the article is English grammar, Urdu has none. */
export function customValueQuote(t: Translate, lang: Lang, name: string, range: string) {
	return withoutDirectionMarks(t('catalogue.chat.valueQuote', { product: lang === 'en' ? withArticle(name) : name, range }))
}
