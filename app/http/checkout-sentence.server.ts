import type { MessageKey } from '~/i18n/catalogue'
import type { Lang } from '~/i18n/lang'
import { CATALOGUES, inLanguage, translator } from '~/i18n/messages.server'
import { AppError } from '~/utils/app-error'

// The checkout's refusals in the buyer's language (ADR-032): the rules speak English, the answer the
// language the buyer checked out in. A fixed sentence maps by its English words (inLanguage); one
// with places (a product's name, a date, an amount) is read against its English template here.

/** The checkout's messages with places that the server's rules fill in before they reach us. */
const FILLED: MessageKey[] = [
	'checkout.coupon.notStarted',
	'checkout.coupon.minSubtotal',
	'checkout.alreadyPlaced',
	'checkout.optionOutOfStock',
	'checkout.outOfStock',
	'checkout.notInCatalogue',
	'checkout.noSuchOption',
	'checkout.noSuchDuration',
	'checkout.noSuchValue',
	'checkout.noPriceForChoice',
	'checkout.orderTooLarge',
	'checkout.renewalNoLongerSold',
	'checkout.paymentPreparing',
]

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each filled message's English template as a pattern that gives back its places' values. */
const patterns = FILLED.map((key) => {
	const template = (CATALOGUES.en.checkout as Record<string, string>)[key.slice('checkout.'.length)]!
	const names: string[] = []
	const source = template
		.split(/\{(\w+)\}/)
		.map((piece, i) => (i % 2 === 1 ? (names.push(piece), '(.+)') : escape(piece)))
		.join('')
	return { key, names, pattern: new RegExp(`^${source}$`, 's') }
})

/** A sentence of the checkout's server in `lang`: the catalogue's words for it, or the sentence as it is. */
export function checkoutSentence(lang: Lang, sentence: string): string {
	if (lang === 'en') return sentence
	const fixed = inLanguage(lang, sentence)
	if (fixed !== sentence) return fixed
	for (const { key, names, pattern } of patterns) {
		const match = pattern.exec(sentence)
		if (match) return translator(lang)(key, Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])))
	}
	return sentence
}

/** An expected refusal in `lang`: its sentence and each field's. Anything else as it is. */
export function refusalIn(lang: Lang, error: unknown): unknown {
	if (lang === 'en' || !(error instanceof AppError)) return error
	const fieldErrors = error.fieldErrors ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, checkoutSentence(lang, message)])) : undefined
	return new AppError(error.code, checkoutSentence(lang, error.message), fieldErrors)
}
