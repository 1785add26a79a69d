// The buyer's two languages and their addresses: English at /…, Urdu at /ur/… (ADR-032).
// Shared by the server, the browser and the route table; no catalogue here, so it costs the browser nothing.

export const LANGS = ['en', 'ur'] as const
export type Lang = (typeof LANGS)[number]

export const DEFAULT_LANG: Lang = 'en'

/** The cookie that remembers the buyer's choice of language (set by /language). */
export const LANG_COOKIE = 'lang'

/** The prefix of Urdu addresses. */
export const UR_PREFIX = '/ur'

export const DIRECTION: Record<Lang, 'ltr' | 'rtl'> = { en: 'ltr', ur: 'rtl' }

/** Whether the language reads right to left (its sentences' numbers are isolated, bidi.ts). */
export const isRtl = (lang: Lang) => DIRECTION[lang] === 'rtl'

/** Each language's name in itself, as the language switch shows it. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', ur: 'اردو' }

export function isLang(value: unknown): value is Lang {
	return value === 'en' || value === 'ur'
}

/** The language an address is in: /ur and /ur/… are Urdu, the rest English. */
export function langOf(pathname: string): Lang {
	return pathname === UR_PREFIX || pathname.startsWith(`${UR_PREFIX}/`) ? 'ur' : 'en'
}

/** The address without its language prefix: /ur/products → /products, /ur → /. */
export function unprefixed(pathname: string): string {
	if (langOf(pathname) === 'en') return pathname
	const rest = pathname.slice(UR_PREFIX.length)
	return rest === '' ? '/' : rest
}

/**
 * An address of this shop (path, query and hash) in the given language:
 * localePath('ur', '/products?q=1') → '/ur/products?q=1', localePath('ur', '/') → '/ur',
 * localePath('en', '/ur/products') → '/products'. Addresses of another origin are left alone.
 */
export function localePath(lang: Lang, to: string): string {
	if (!to.startsWith('/') || to.startsWith('//')) return to
	const cut = to.search(/[?#]/)
	const path = cut === -1 ? to : to.slice(0, cut)
	const tail = cut === -1 ? '' : to.slice(cut)
	const bare = unprefixed(path)
	if (lang === 'en') return bare + tail
	return (bare === '/' ? UR_PREFIX : UR_PREFIX + bare) + tail
}
