import type { MessageKey } from './catalogue'
import { en } from './en'
import { formatMessage } from './format'
import { paramsIn, type Said } from './words'

// The English of words by key, for what is read outside a page: the logs, the APIs' JSON `error`
// (the console and the spec's clients read English), and a refusal's `message`. The same
// catalogue the English pages draw from.

const messages = en as unknown as Record<string, Record<string, string> | undefined>

/** The English catalogue's message for `key`, unfilled; undefined when there is no such key. */
function englishTemplate(key: string): string | undefined {
	const dot = key.indexOf('.')
	if (dot < 1) return undefined
	const namespace = messages[key.slice(0, dot)]
	const name = key.slice(dot + 1)
	return namespace && Object.hasOwn(namespace, name) ? namespace[name] : undefined
}

/** Whether `text` is a message key of the catalogues (a zod rule may name its message by key). */
export const isMessageKey = (text: string): text is MessageKey => englishTemplate(text) !== undefined

/** A rule's message as words: a bare message key becomes words by key; words and a sentence stay as they are. */
export const saidOf = (said: Said): Said => (typeof said === 'string' && isMessageKey(said) ? { key: said } : said)

/** `said` (words, a bare message key or a sentence) in English. */
export function inEnglish(said: Said): string {
	const words = saidOf(said)
	if (typeof words === 'string') return words
	return formatMessage(englishTemplate(words.key) ?? words.key, paramsIn(words, 'en', (key) => englishTemplate(key) ?? key))
}
