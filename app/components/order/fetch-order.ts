import type { OrderView } from '~/domain/orders/order-view'

/** How the page was asked for an order: the shop's order number, or the provider's id (or either). */
export type OrderLookup = { internalOrderId: string } | { ordId: string }

/** §7 call 7: five attempts in all, the page's loader being the first (while the order may still be being written). */
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

/** One lookup through the JSON API: the order, or none and whether looking again can help; throws when the request fails. */
export async function fetchOrder(
	lookup: OrderLookup,
	{ partial = false, signal }: { partial?: boolean; signal?: AbortSignal } = {},
): Promise<{ order: OrderView; retry: false } | { order: null; retry: boolean }> {
	const params = new URLSearchParams('internalOrderId' in lookup ? { internalOrderId: lookup.internalOrderId } : { ordId: lookup.ordId })
	if (partial) params.set('partial', '1')
	const response = await fetch(`/api/order?${params}`, { signal, cache: 'no-store', headers: { Accept: 'application/json' } })
	if (response.status === 404) {
		const body = (await response.json().catch(() => null)) as { retry?: boolean } | null
		return { order: null, retry: body?.retry === true }
	}
	if (!response.ok) throw new Error(FETCH_FAILED)
	const body = (await response.json()) as { order?: OrderView }
	if (!body.order) throw new Error(FETCH_FAILED)
	return { order: body.order, retry: false }
}
