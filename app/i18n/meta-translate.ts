import type { MessageBundle, Translate } from './catalogue'
import { makeTranslate } from './translate'

/**
 * `t` for a route's `meta` (which cannot call hooks): the messages the matched routes carry (the
 * language layout's, in the page's language, and any a page adds), merged as `useT` merges them. A page
 * whose loader threw (a 404) still has its language layout's.
 */
export function metaTranslate(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): Translate {
	const bundle: MessageBundle = {}
	for (const match of matches) {
		const messages = ((match?.loaderData ?? match?.data) as { messages?: MessageBundle } | undefined)?.messages
		if (messages) Object.assign(bundle, messages)
	}
	return makeTranslate(bundle)
}
