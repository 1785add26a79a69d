import crypto from 'node:crypto'
import { readCookie } from '../../utils/cookies'
import type { Order } from './create-order.server'

// Decision 3: the order number alone shows status; contact details and deliverables need the
// order's secret token, kept in a cookie per order or carried in the order's link.

export const accessCookieName = (orderNumber: string) => `oa_${orderNumber.replace(/[^\w-]/g, '')}`

/** The buyer's private link to the order: what emails and DM orders hand out. */
export const orderLink = (order: Pick<Order, 'orderNumber' | 'accessToken'>) =>
	`/order-status?internalOrderId=${encodeURIComponent(order.orderNumber)}&token=${encodeURIComponent(order.accessToken ?? '')}`

export function tokenMatches(order: Pick<Order, 'accessToken'>, token: string | null | undefined): boolean {
	if (!order.accessToken || !token) return false
	const a = Buffer.from(order.accessToken)
	const b = Buffer.from(token)
	return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** Reads the order's token from a Cookie header. */
export function tokenFromCookies(cookieHeader: string | null, orderNumber: string): string | null {
	return readCookie(cookieHeader, accessCookieName(orderNumber))
}

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
