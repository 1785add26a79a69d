import { AppError } from '../../utils/app-error'
import { parseId } from '../../utils/input'
import { readPakistanDay, YEARS_MESSAGE } from '../../utils/pakistan-time'
import { isDeliveryState, isPaymentState, type DeliveryState, type PaymentState } from './order-state'

// The staff order list's query string, shared by the dashboard, its links and the CSV export.

export interface OrderListFilters {
	/** An order number or PayPro id (whole or a part), or part of a name, email or phone (any Pakistani form). */
	q: string
	/** Payment state; empty for all. */
	status: PaymentState | ''
	/** Delivery state, NOT_DELIVERED for every step before delivery, or OWES_DELIVERY (paid or partly refunded, not delivered: the to-do's count); empty for all. */
	fulfillment: DeliveryState | typeof NOT_DELIVERED | typeof OWES_DELIVERY | ''
	/** Paid (paid_at) or placed (created_at) on these Pakistan days, both included ('YYYY-MM-DD'); a paid range leaves test payments out, as the reports do. */
	paidFrom?: string
	paidTo?: string
	placedFrom?: string
	placedTo?: string
	/** Payment method: paypro, manual (bank transfer) or dm. */
	method?: string
	/** Orders with a refund made on these Pakistan days. */
	refundedFrom?: string
	refundedTo?: string
	/** Orders with a line of this product, or of a product on this platform. */
	product?: number
	platform?: string
}

/** The filters the sales reports link with (ADR-031), in the order a query string carries them. */
const REPORT_FILTERS = ['paidFrom', 'paidTo', 'placedFrom', 'placedTo', 'refundedFrom', 'refundedTo', 'method', 'product', 'platform'] as const
const PAYMENT_METHODS = ['paypro', 'manual', 'dm']
/** How the day filters are named in a sentence. */
const DAY_FILTER_NAMES: Record<string, string> = { paidFrom: 'paid-from', paidTo: 'paid-to', placedFrom: 'placed-from', placedTo: 'placed-to', refundedFrom: 'refunded-from', refundedTo: 'refunded-to' }

export interface OrderListQuery extends OrderListFilters {
	/** Keyset cursors: an order id; the page holds the orders just older (before) or just newer (after) than it. */
	before: number | null
	after: number | null
}

/** The fulfillment filter for orders not delivered yet (any step before Delivered). */
export const NOT_DELIVERED = 'undelivered' as const
/** The fulfillment filter for the orders that wait for staff to deliver (order-facts' waitsForStaffDelivery): the console's "paid, not delivered", less those a supplier purchase is still buying for. */
export const OWES_DELIVERY = 'owed' as const

/** A keyset cursor: an order id (parseId's range); anything else is no cursor, the first page. */
const cursorId = (value: string | null) => parseId(value)

/**
 * The list's query string (the dashboard's form, the CSV link): unknown values are ignored, not
 * errors, except a day filter that is not a day of the shop's years (2000 to 9998), which is refused
 * with a sentence (AppError BAD_REQUEST) rather than read as another day.
 */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
	const status = params.get('status') ?? ''
	const fulfillment = params.get('fulfillment') ?? ''
	return {
		q: (params.get('q') ?? '').trim().slice(0, 100),
		status: isPaymentState(status) ? status : '',
		fulfillment: fulfillment === NOT_DELIVERED || fulfillment === OWES_DELIVERY || isDeliveryState(fulfillment) ? fulfillment : '',
		...reportFilters(params),
		before: cursorId(params.get('before')),
		after: cursorId(params.get('after')),
	}
}

function reportFilters(params: URLSearchParams): Pick<OrderListFilters, (typeof REPORT_FILTERS)[number]> {
	const day = (name: string) => {
		const v = (params.get(name) ?? '').trim()
		if (!v) return undefined
		const read = readPakistanDay(v)
		if (read.ok) return v
		const what = `The ${DAY_FILTER_NAMES[name]} date “${v.slice(0, 20)}”`
		throw new AppError('BAD_REQUEST', read.problem === 'years' ? `${what} is outside the shop’s years. ${YEARS_MESSAGE}` : `${what} is not a day: write it as YYYY-MM-DD.`)
	}
	const method = params.get('method') ?? ''
	const product = params.get('product') ?? ''
	return {
		paidFrom: day('paidFrom'),
		paidTo: day('paidTo'),
		placedFrom: day('placedFrom'),
		placedTo: day('placedTo'),
		refundedFrom: day('refundedFrom'),
		refundedTo: day('refundedTo'),
		platform: ['xbox', 'playstation', 'pc'].includes(params.get('platform') ?? '') ? (params.get('platform') as string) : undefined,
		method: PAYMENT_METHODS.includes(method) ? method : undefined,
		product: /^\d{1,9}$/.test(product) ? Number(product) : undefined,
	}
}

/** The same filters as a query string, without the cursors: for links that keep them. */
export function filtersQueryString(filters: OrderListFilters, extra: Record<string, string | number> = {}): string {
	const params = new URLSearchParams()
	if (filters.q) params.set('q', filters.q)
	if (filters.status) params.set('status', filters.status)
	if (filters.fulfillment) params.set('fulfillment', filters.fulfillment)
	for (const name of REPORT_FILTERS) if (filters[name] != null) params.set(name, String(filters[name]))
	for (const [k, v] of Object.entries(extra)) params.set(k, String(v))
	const text = params.toString()
	return text ? `?${text}` : ''
}

/** The line above the list: "1 order matches your search.", "3 orders match your search, 2 shown.", "More than 200 orders match…" */
export function orderCountSentence(total: number, shown: number, searched: boolean, moreThan = false): string {
	const orders = moreThan ? `More than ${total.toLocaleString('en-US')} orders` : total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`
	const verb = searched ? (total === 1 && !moreThan ? ' matches your search' : ' match your search') : ''
	return `${orders}${verb}${shown < total ? `, ${shown.toLocaleString('en-US')} shown` : ''}.`
}

/** Below this many letters or digits a fragment would match too much to read through an index. */
export const MIN_SEARCH_CHARACTERS = 3

/** Too short to search by a part (an id quoted whole is still found). Trigram indexes read letters and digits only. */
export const searchTooShort = (q: string) => (q.match(/[\p{L}\p{N}]/gu) ?? []).length < MIN_SEARCH_CHARACTERS
