import type { MessageBundle, MessageKey, MessageParams, Translate } from './catalogue'
import { formatMessage } from './format'
import { isolateNumbers } from './bidi'

/**
 * A `t` over the namespaces a page carries. A key it does not carry takes its `fallback` wording
 * (words a page must show even before its messages arrive); else it shows as itself (and is
 * reported outside production). `rtl`: the language reads right to left (Urdu): its numbers are isolated.
 */
export function makeTranslate(bundle: MessageBundle, fallback: Partial<Record<MessageKey, string>> = {}, { rtl = false }: { rtl?: boolean } = {}): Translate {
	return (key: MessageKey, params?: MessageParams) => {
		const dot = key.indexOf('.')
		const messages = bundle[key.slice(0, dot) as keyof MessageBundle]
		const message = messages?.[key.slice(dot + 1)] ?? fallback[key]
		if (message === undefined) {
			if (process.env.NODE_ENV !== 'production') console.error(`Missing message ${key}: is its namespace in the page's data?`)
			return key
		}
		const text = formatMessage(message, params)
		// A right-to-left sentence keeps its numbers whole and in order (bidi.ts).
		return rtl ? isolateNumbers(text) : text
	}
}
