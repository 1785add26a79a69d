// The catalogues, on the server only: a page's data carries the namespaces its components need in its
// language (app/routes/store/language-layout.tsx), never both languages, never the email text.
import type { Lang } from './lang'
import type { MessageBundle, Namespace, Translate } from './catalogue'
import { en } from './en'
import { ur } from './ur'
import { makeTranslate } from './translate'

export const CATALOGUES = { en, ur } as const

/** What every buyer page carries to the browser: the frame's and the catalogue's words. Long texts (content, email) are drawn on the server. */
export const PAGE_NAMESPACES = ['common', 'catalogue'] as const satisfies readonly Namespace[]

/** What the checkout, payment and order pages carry besides (routes/store/order-messages-layout.tsx): a catalogue page does not download them. */
export const ORDER_NAMESPACES = ['checkout', 'order', 'push', 'offline'] as const satisfies readonly Namespace[]

/** Every namespace a component may read: parts drawn by the server get them all (they reach no browser as messages). */
export const DRAWN_NAMESPACES = [...PAGE_NAMESPACES, ...ORDER_NAMESPACES] as const

export function messagesFor(lang: Lang, namespaces: readonly Namespace[]): MessageBundle {
	const bundle: MessageBundle = {}
	for (const ns of namespaces) bundle[ns] = CATALOGUES[lang][ns]
	return bundle
}

const translators = new Map<Lang, Translate>()

/** `t` for the server (emails, pushes, pages drawn as HTML): every namespace of one language. */
export function translator(lang: Lang): Translate {
	let t = translators.get(lang)
	if (!t) translators.set(lang, (t = makeTranslate(CATALOGUES[lang])))
	return t
}

/** English sentence → its key, over every namespace: built once, on first use. */
let keysBySentence: Map<string, string> | null = null

/**
 * A sentence the server's rules produce in English (an AppError's message, a zod message) in the
 * buyer's language: the catalogue's message with the same English words, or the sentence as it is
 * when the catalogue has no such message (and for English). Sentences with places are filled first
 * and so pass through; give those a key of their own and translate them where they are made.
 */
export function inLanguage(lang: Lang, sentence: string): string {
	if (lang === 'en') return sentence
	if (!keysBySentence) {
		keysBySentence = new Map()
		for (const [ns, messages] of Object.entries(en)) for (const [key, message] of Object.entries(messages)) if (!keysBySentence.has(message)) keysBySentence.set(message, `${ns}.${key}`)
	}
	const key = keysBySentence.get(sentence)
	if (!key) return sentence
	const dot = key.indexOf('.')
	return (CATALOGUES[lang] as Record<string, Record<string, string>>)[key.slice(0, dot)]![key.slice(dot + 1)]!
}
