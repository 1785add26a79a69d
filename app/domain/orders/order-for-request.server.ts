import type { Db } from '../../db/client.server'
import type { Order } from './create-order.server'
import { findOrder, type OrderLookup } from './find-order.server'
import { viewOrder } from './view-order.server'

/** §2 query rules: extra question marks count as ampersands; internalOrderId wins over ordId. */
export function parseOrderQuery(url: URL): { lookup: OrderLookup | null; token: string | null; params: URLSearchParams } {
	// Routers re-encode the query, so a stray '?' may arrive inside a value ('X%3Ftoken%3DY'):
	// work on the decoded pairs.
	const decoded = [...url.searchParams].map(([key, value]) => `${key}=${value}`).join('&')
	const params = new URLSearchParams(decoded.replace(/\?/g, '&'))
	const internalOrderId = params.get('internalOrderId')?.trim()
	const ordId = params.get('ordId')?.trim()
	const lookup = internalOrderId ? { internalOrderId } : ordId ? { ordId } : null
	return { lookup, token: params.get('token'), params }
}

/** Whether the asker may see the order in full (its token's holder, or the buyer signed in with its email). */
export type SeesEverything = (order: Order) => boolean

/** Finds the order and shapes it for whoever asks: the full view only for the token's holder. */
export async function orderViewForRequest(db: Db, lookup: OrderLookup, seesEverything: SeesEverything, { partial = false } = {}) {
	const order = await findOrder(db, lookup, { partial })
	if (!order) return null
	return viewOrder(order, { full: seesEverything(order) })
}
