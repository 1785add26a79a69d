// The shape of a message catalogue, taken from the English one (types only: nothing here reaches a bundle).
import type { en } from './en'

type English = typeof en

/** A group of messages kept in one file: common, checkout, order… */
export type Namespace = keyof English

/** One namespace's messages in another language: exactly the English keys (a missing or extra key fails the type check). */
export type Messages<N extends Namespace> = { [K in keyof English[N]]: string }

/** A whole catalogue in another language. */
export type Catalogue = { [N in Namespace]: Messages<N> }

/** 'namespace.key', as `t` takes it. */
export type MessageKey = { [N in Namespace]: `${N}.${Extract<keyof English[N], string>}` }[Namespace]

/** Values for a message's {places}. */
export type MessageParams = Record<string, string | number>

/** Some namespaces of one language's catalogue, as a page's data carries them to the browser. */
export type MessageBundle = Partial<{ [N in Namespace]: Record<string, string> }>

/** Looks a message up and fills its places. */
export type Translate = (key: MessageKey, params?: MessageParams) => string
