import crypto from 'node:crypto'
import { orderPagePath } from '../buyers/next-path'
import type { Order } from './order'

// Product decision 3: the order number alone shows status; contact details and deliverables need the
// order's secret token (the HTTP layer keeps it in a cookie per order, or reads it from the link).

/** The buyer's private link to the order: what emails and DM orders hand out. */
export const orderLink = (order: Pick<Order, 'orderNumber' | 'accessToken'>) => `${orderPagePath(order.orderNumber)}&token=${encodeURIComponent(order.accessToken ?? '')}`

export function tokenMatches(order: Pick<Order, 'accessToken'>, token: string | null | undefined): boolean {
	if (!order.accessToken || !token) return false
	const a = Buffer.from(order.accessToken)
	const b = Buffer.from(token)
	return a.length === b.length && crypto.timingSafeEqual(a, b)
}
