import type { Order } from '../domain/orders/create-order.server'
import { tokenMatches } from '../domain/orders/order-access.server'
import { readCookie } from './cookies'

// Each order's token lives in a cookie of its own, set at checkout or by the order's link.

export const accessCookieName = (orderNumber: string) => `oa_${orderNumber.replace(/[^\w-]/g, '')}`

/** Reads the order's token from a Cookie header. */
export function tokenFromCookies(cookieHeader: string | null, orderNumber: string): string | null {
	return readCookie(cookieHeader, accessCookieName(orderNumber))
}

/** The asker's token for an order, read from their request's cookies. */
export const tokenFromRequest = (request: Request) => (order: Pick<Order, 'orderNumber'>) => tokenFromCookies(request.headers.get('cookie'), order.orderNumber)

export const canSeeEverything = (order: Order, request: Request) => tokenMatches(order, tokenFromRequest(request)(order))

export function accessCookie(orderNumber: string, token: string, { secure }: { secure: boolean }) {
	return [
		`${accessCookieName(orderNumber)}=${encodeURIComponent(token)}`,
		'Path=/',
		'HttpOnly',
		'SameSite=Lax',
		`Max-Age=${60 * 60 * 24 * 365}`,
		...(secure ? ['Secure'] : []),
	].join('; ')
}
