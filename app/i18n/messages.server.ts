// The catalogues, on the server only: a page's data carries the namespaces its components need in its
// language (app/routes/store/language-layout.tsx), never both languages, never the email text.
import { isRtl, type Lang } from './lang'
import type { MessageBundle, Namespace, Translate } from './catalogue'
import { en } from './en'
import { ur } from './ur'
import { makeTranslate } from './translate'
import { saidOf } from './english'
import { say, type Said } from './words'
import type { AppError } from '../utils/app-error'

export const CATALOGUES = { en, ur } as const

/** What every buyer page carries to the browser: the frame's and the catalogue's words. Long texts (content, email) are drawn on the server. */
export const PAGE_NAMESPACES = ['common', 'catalogue'] as const satisfies readonly Namespace[]

/** What the checkout, payment and order pages carry besides (routes/store/order-messages-layout.tsx): a catalogue page does not download them. */
export const ORDER_NAMESPACES = ['checkout', 'claims', 'order', 'push', 'offline'] as const satisfies readonly Namespace[]

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
	if (!t) translators.set(lang, (t = makeTranslate(CATALOGUES[lang], {}, { rtl: isRtl(lang) })))
	return t
}

/** Words (or a bare message key) in `lang` (ADR-037), from its catalogue; a sentence kept as written stays as it is. */
export const sayIn = (lang: Lang, said: Said): string => say(translator(lang), saidOf(said), lang)

/** An expected refusal in `lang`: its sentence and each field's. */
export function refusalWords(lang: Lang, error: AppError): { message: string; fieldErrors?: Record<string, string> } {
	const fieldErrors = error.fieldSaid && Object.fromEntries(Object.entries(error.fieldSaid).map(([field, said]) => [field, sayIn(lang, said)]))
	return { message: sayIn(lang, error.said), ...(fieldErrors ? { fieldErrors } : {}) }
}
