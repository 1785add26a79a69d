import type { MessageBundle, Translate } from '~/i18n/catalogue'
import { makeTranslate } from '~/i18n/translate'

/**
 * `t` for a route's `meta`, which has no hooks: the messages the matched routes carry (the language
 * layout's, in the page's language), as `useT` merges them.
 */
export function metaTranslate(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): Translate {
	const bundle: MessageBundle = {}
	for (const match of matches) {
		const messages = ((match?.loaderData ?? match?.data) as { messages?: MessageBundle } | undefined)?.messages
		if (messages) Object.assign(bundle, messages)
	}
	return makeTranslate(bundle)
}
