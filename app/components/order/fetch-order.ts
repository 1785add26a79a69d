import type { OrderView } from '~/domain/orders/order-view'

/** How the page was asked for an order: the shop's order number, or the provider's id (or either). */
export type OrderLookup = { internalOrderId: string } | { ordId: string }

/** §7 call 7: five attempts in all, the page's loader being the first. */
export const ORDER_LOOKUP_ATTEMPTS = 5

/** The provider's id can arrive before its order is stored: wait longer between ordId attempts. */
export const lookupDelay = (lookup: OrderLookup) => ('ordId' in lookup ? 2000 : 1000)

export const lookupKey = (lookup: OrderLookup) => ('ordId' in lookup ? `ordId:${lookup.ordId}` : `internalOrderId:${lookup.internalOrderId}`)

export function notFoundMessage(lookup: OrderLookup) {
	return 'internalOrderId' in lookup
		? `Order not found with internal order ID: ${lookup.internalOrderId}. This indicates a system error. Please contact support.`
		: `Order not found with ID: ${lookup.ordId}. The order may still be processing. Please wait a moment and refresh the page, or contact support if the issue persists.`
}

export const FETCH_FAILED = 'Failed to fetch order details'

/** One lookup through the JSON API: the order, or null when there is none; throws when the request fails. */
export async function fetchOrder(lookup: OrderLookup, { partial = false, signal }: { partial?: boolean; signal?: AbortSignal } = {}): Promise<OrderView | null> {
	const params = new URLSearchParams('internalOrderId' in lookup ? { internalOrderId: lookup.internalOrderId } : { ordId: lookup.ordId })
	if (partial) params.set('partial', '1')
	const response = await fetch(`/api/order?${params}`, { signal, cache: 'no-store', headers: { Accept: 'application/json' } })
	if (response.status === 404) return null
	if (!response.ok) throw new Error(FETCH_FAILED)
	const body = (await response.json()) as { order?: OrderView }
	if (!body.order) throw new Error(FETCH_FAILED)
	return body.order
}
