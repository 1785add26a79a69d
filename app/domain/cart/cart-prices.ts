// POST /api/cart/prices: a saved cart asks the server what its lines cost now (ADR-001: the server's
// price is the one charged). Shared by the endpoint and the browser; no code the browser need not carry.
import type { TermsPage } from '../catalogue/types'

/** At most this many lines per request, as an order. */
export const MAX_PRICED_LINES = 50

/**
 * One line's answer: its price now, the option it is, and the terms its product passes first (a setting
 * the owner may change); or the sentence saying why it is no longer sold.
 */
export type CartLinePrice<Message = string> = { available: true; price: number; variantId: number | null; termsPage: TermsPage | null } | { available: false; message: Message }

/** The answer, its sentences in the page's language (the server's rules give them as words by key, `Said`). */
export interface CartPricesAnswer<Message = string> {
	lines: CartLinePrice<Message>[]
	/** Why these lines cannot be one order (their total passes the order cap), or null. */
	orderProblem: Message | null
}

/** A line's price is stale after this long: opening the cart or checkout asks again. */
export const PRICES_STALE_MS = 5 * 60_000
