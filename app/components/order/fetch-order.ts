import type { Translate } from '~/i18n/catalogue'
import type { OrderView } from '~/domain/orders/order-view'

/** How the page was asked for an order: the shop's order number, or the provider's id (or either). */
export type OrderLookup = { internalOrderId: string } | { ordId: string }

/** §7 call 7: five attempts in all, the page's loader being the first (while the order may still be being written). */
export const ORDER_LOOKUP_ATTEMPTS = 5

/** The provider's id can arrive before its order is stored: wait longer between ordId attempts. */
export const lookupDelay = (lookup: OrderLookup) => ('ordId' in lookup ? 2000 : 1000)

export const lookupKey = (lookup: OrderLookup) => ('ordId' in lookup ? `ordId:${lookup.ordId}` : `internalOrderId:${lookup.internalOrderId}`)

/** The spec's two "not found" sentences (§8), in the page's language. */
export function notFoundMessage(lookup: OrderLookup, t: Translate) {
	return 'internalOrderId' in lookup ? t('order.notFound.internal', { id: lookup.internalOrderId }) : t('order.notFound.ordId', { id: lookup.ordId })
}

/** Thrown when the request fails; the page shows t('order.fetchFailed'), the spec's 'Failed to fetch order details'. */
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
