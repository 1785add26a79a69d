import type { MessageBundle, Translate } from '~/i18n/catalogue'
import { makeTranslate } from '~/i18n/translate'

/** `t` for a page's `meta`: the messages its matched routes carry (the language layout's), as `useT` reads them. */
export function metaTranslate(matches: readonly ({ data?: unknown } | undefined)[]): Translate {
	const bundle: MessageBundle = {}
	for (const match of matches) {
		const messages = (match?.data as { messages?: MessageBundle } | undefined)?.messages
		if (messages) Object.assign(bundle, messages)
	}
	return makeTranslate(bundle)
}

/** A message with a `{link}` place, cut around it: the words before and after the link (or date) drawn there. */
export function aroundLink(message: string): [string, string] {
	const at = message.indexOf('{link}')
	return at === -1 ? [message, ''] : [message.slice(0, at), message.slice(at + '{link}'.length)]
}
