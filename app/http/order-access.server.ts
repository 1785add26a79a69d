import { data } from 'react-router'
import { buyerOwnsOrder } from '../domain/buyers/sign-in.server'
import type { Order } from '../domain/orders/order'
import { tokenMatches } from '../domain/orders/order-token.server'
import { currentBuyer } from './buyer-session.server'
import { readCookie } from './cookies'

// Each order's token lives in a cookie of its own, set at checkout or by the order's link.

export const accessCookieName = (orderNumber: string) => `oa_${orderNumber.replace(/[^\w-]/g, '')}`

/** Reads the order's token from a Cookie header. */
export function tokenFromCookies(cookieHeader: string | null, orderNumber: string): string | null {
	return readCookie(cookieHeader, accessCookieName(orderNumber))
}

/** The asker's token for an order, read from their request's cookies. */
export const tokenFromRequest = (request: Request) => (order: Pick<Order, 'orderNumber'>) => tokenFromCookies(request.headers.get('cookie'), order.orderNumber)

/** Who may see an order in full: the holder of its token (cookie) or a buyer signed in with its email. */
export type OrderViewer = (order: Pick<Order, 'orderNumber' | 'accessToken' | 'customerEmail'>) => boolean

/** The asker's viewer, with their buyer session (if any) read once for the request. */
export async function orderViewer(request: Request): Promise<OrderViewer> {
	return orderViewerFor(request, await currentBuyer(request))
}

/** The viewer of a request whose signed-in buyer (or none) is already known. */
export function orderViewerFor(request: Request, buyer: { email: string } | null): OrderViewer {
	const token = tokenFromRequest(request)
	return (order) => tokenMatches(order, token(order)) || buyerOwnsOrder(buyer, order)
}

export const canSeeEverything = async (order: Order, request: Request) => (await orderViewer(request))(order)

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

/** An order's own pages (receipt, claim) are never cached anywhere but the buyer's browser session. */
export const PRIVATE_PAGE_HEADERS = { 'Cache-Control': 'private, no-store' }

/** The one 404 an order's own page gives a stranger, another buyer or a number that names no order, in the page's language. */
export const orderPageNotFound = (t: (key: 'order.receipt.notFound') => string) => data({ found: false as const, message: t('order.receipt.notFound') }, { status: 404, headers: PRIVATE_PAGE_HEADERS })
