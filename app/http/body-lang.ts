import { isLang, type Lang } from '~/i18n/lang'

/** The language a buyer's call names in its body (`lang`), English when it names none or another. */
export function langOfBody(body: unknown): Lang {
	const lang = typeof body === 'object' && body !== null ? (body as { lang?: unknown }).lang : undefined
	return isLang(lang) ? lang : 'en'
}
