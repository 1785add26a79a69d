import { FULFILLMENT_STATUSES, ORDER_PAYMENT_STATUSES } from './status'

// The staff order list's query string, shared by the dashboard, its links and the CSV export.

export interface OrderListFilters {
	/** Order number (exact or prefix), customer name (contains), email (exact) or phone (any Pakistani form). */
	q: string
	/** Payment status, one the shop sets; empty for all. */
	status: string
	/** Fulfillment status; empty for all. */
	fulfillment: string
}

export interface OrderListQuery extends OrderListFilters {
	/** Keyset cursors: an order id; the page holds the orders just older (before) or just newer (after) than it. */
	before: number | null
	after: number | null
}

const cursorId = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : null)

/** The list's query string (the dashboard's form, the CSV link): unknown values are ignored, not errors. */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
	const status = params.get('status') ?? ''
	const fulfillment = params.get('fulfillment') ?? ''
	return {
		q: (params.get('q') ?? '').trim().slice(0, 100),
		status: (ORDER_PAYMENT_STATUSES as readonly string[]).includes(status) ? status : '',
		fulfillment: (FULFILLMENT_STATUSES as readonly string[]).includes(fulfillment) ? fulfillment : '',
		before: cursorId(params.get('before')),
		after: cursorId(params.get('after')),
	}
}

/** The same filters as a query string, without the cursors: for links that keep them. */
export function filtersQueryString(filters: OrderListFilters, extra: Record<string, string | number> = {}): string {
	const params = new URLSearchParams()
	if (filters.q) params.set('q', filters.q)
	if (filters.status) params.set('status', filters.status)
	if (filters.fulfillment) params.set('fulfillment', filters.fulfillment)
	for (const [k, v] of Object.entries(extra)) params.set(k, String(v))
	const text = params.toString()
	return text ? `?${text}` : ''
}
