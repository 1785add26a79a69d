import type { MessageBundle, Translate } from '~/i18n/catalogue'
import { makeTranslate } from '~/i18n/translate'

/**
 * `t` for a route's `meta` (which cannot call hooks): the messages the matched routes carry (the
 * language layout's, in the page's language), as `useT` merges them. A page whose loader threw
 * (a 404) still has its language layout's.
 */
export function metaWords(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): Translate {
	const bundle: MessageBundle = {}
	for (const match of matches) {
		const data = (match?.loaderData ?? match?.data) as { messages?: MessageBundle } | undefined
		if (data?.messages) Object.assign(bundle, data.messages)
	}
	return makeTranslate(bundle)
}
