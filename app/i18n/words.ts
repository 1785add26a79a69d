import type { MessageKey, MessageParams, Translate } from './catalogue'

// What a person reads, named by its message key and its places' values (ADR-037): the domain says
// which words, each page says them in its own language. Nothing here holds a sentence.

/** Words by key: `{ key: 'checkout.outOfStock', params: { product } }`. */
export interface Words {
	key: MessageKey
	params?: MessageParams
}

/** Words by key, or a sentence kept as written (the console's own, in English, not yet given keys). */
export type Said = Words | string

/** Words by key, with their places' values. */
export const words = (key: MessageKey, params?: MessageParams): Words => (params ? { key, params } : { key })

/** `said` through a page's or the server's `t`: words by key in its language, a sentence as written. */
export const say = (t: Translate, said: Said): string => (typeof said === 'string' ? said : t(said.key, said.params))
