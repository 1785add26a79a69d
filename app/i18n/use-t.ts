import { useMemo } from 'react'
import { useLocation, useMatches } from 'react-router'
import type { MessageBundle, MessageKey, Translate } from './catalogue'
import { isRtl, langOf, localePath, type Lang } from './lang'
import { makeTranslate } from './translate'

/** The language of the page the buyer is on (its address says it). */
export function useLang(): Lang {
	return langOf(useLocation().pathname)
}

/** Addresses in the page's language: `lp('/products')` is '/ur/products' on an Urdu page. */
export function useLocalePath(): (to: string) => string {
	const lang = useLang()
	return useMemo(() => (to: string) => localePath(lang, to), [lang])
}

/** The messages the matched routes carry (the language layout's, and any a page adds), merged. */
function useBundle(): MessageBundle {
	const matches = useMatches()
	return useMemo(() => {
		const bundle: MessageBundle = {}
		for (const match of matches) {
			const messages = (match.loaderData as { messages?: MessageBundle } | undefined)?.messages
			if (messages) Object.assign(bundle, messages)
		}
		return bundle
	}, [matches])
}

/** `t('checkout.title')`, in the page's language; `fallback` words for keys the page's data may lack (an error page). */
export function useT(fallback?: Partial<Record<MessageKey, string>>): Translate {
	const bundle = useBundle()
	const rtl = isRtl(useLang())
	return useMemo(() => makeTranslate(bundle, fallback, { rtl }), [bundle, fallback, rtl])
}
