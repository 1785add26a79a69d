// The catalogues, on the server only: a page's data carries the namespaces its components need in its
// language (app/routes/store/language-layout.tsx), never both languages, never the email text.
import type { Lang } from './lang'
import type { MessageBundle, Namespace, Translate } from './catalogue'
import { en } from './en'
import { ur } from './ur'
import { makeTranslate } from './translate'

export const CATALOGUES = { en, ur } as const

/** What every buyer page carries to the browser: the interface's words. Long texts (content, email) are drawn on the server. */
export const PAGE_NAMESPACES = ['common', 'catalogue', 'checkout', 'order', 'push', 'offline'] as const satisfies readonly Namespace[]

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
