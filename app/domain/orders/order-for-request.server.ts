import type { Db } from '../../db/client.server'
import type { Order } from './order'
import { findOrder, type OrderLookup } from './find-order.server'
import { viewOrderFor } from './reveal-delivery.server'
import { payproPageBeingCreated } from '../payments/start-paypro-payment.server'
import type { OrderView } from './order-view'
import { typedCode } from '../../utils/digits'

/** §2 query rules: extra question marks count as ampersands; internalOrderId wins over ordId. */
export function parseOrderQuery(url: URL): { lookup: OrderLookup | null; token: string | null; params: URLSearchParams } {
	// Routers re-encode the query, so a stray '?' may arrive inside a value ('X%3Ftoken%3DY'):
	// work on the decoded pairs.
	const decoded = [...url.searchParams].map(([key, value]) => `${key}=${value}`).join('&')
	const params = new URLSearchParams(decoded.replace(/\?/g, '&'))
	// As typed on any keyboard: Urdu digits are the same order number (find-order compares Western digits).
	const internalOrderId = typedCode(params.get('internalOrderId') ?? '')
	const ordId = typedCode(params.get('ordId') ?? '')
	const lookup = internalOrderId ? { internalOrderId } : ordId ? { ordId } : null
	return { lookup, token: params.get('token'), params }
}

/** Whether the asker may see the order in full (its token's holder, or the buyer signed in with its email). */
export type SeesEverything = (order: Order) => boolean

/** Finds the order and shapes it for whoever asks: the full view only for the token's holder. */
export async function orderViewForRequest(db: Db, lookup: OrderLookup, seesEverything: SeesEverything, { partial = false } = {}) {
	const order = await findOrder(db, lookup, { partial })
	if (!order) return null
	return viewOrderFor(db, order, { full: seesEverything(order) })
}

/**
 * §7 call 7 for the order page and its API: the order, or null and whether looking again can help.
 * An order number is only ever shown once its order is stored, and a PayPro id once it is stored
 * unless a PayPro page is being created this very moment: otherwise the spec's last attempt (the
 * partial match) is made at once and the answer is final, instead of four more tries seconds apart.
 */
export async function lookUpOrderForPage(
	db: Db,
	lookup: OrderLookup,
	seesEverything: SeesEverything,
	{ partial = false } = {},
): Promise<{ order: OrderView | null; retry: boolean }> {
	const order = await orderViewForRequest(db, lookup, seesEverything, { partial })
	if (order || partial) return { order, retry: false }
	if ('ordId' in lookup && (await payproPageBeingCreated(db))) return { order: null, retry: true }
	return { order: await orderViewForRequest(db, lookup, seesEverything, { partial: true }), retry: false }
}
