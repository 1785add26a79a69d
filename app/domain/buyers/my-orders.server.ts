import { desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { MY_ORDERS_LIMIT, type BuyerOrderLine, type BuyerOrders } from './my-orders'
import { renewPath, subscriptionLineEnds } from '../orders/renewal'
import { revealOrders } from '../orders/reveal-delivery.server'
import { lineOption } from '../catalogue/option-parts'
import { withLines } from '../orders/order-lines.server'
import { subscriptionsRun } from '../orders/order-facts'
import { formatPakistanDay, formatPakistanTime } from '../../utils/pakistan-time'
import type { Lang } from '../../i18n/lang'

// My orders: every order placed with the signed-in buyer's address, shaped for its card. The route
// only asks; what a card shows (when a subscription ends, Renew or Buy again) is decided here.

/**
 * The orders placed with `email` (any case), newest first. Subscription lines run from the day a
 * paid order was delivered, as the order page and the renewal reminders count them; a DM order
 * keeps its own countdown (the order view's subscriptionEndsAt) instead.
 */
export async function ordersForBuyer(db: Db, email: string, lang: Lang = 'en'): Promise<BuyerOrders> {
	const found = await db
		.select()
		.from(orders)
		.where(sql`lower(${orders.customerEmail}) = ${email.trim().toLowerCase()}`)
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(MY_ORDERS_LIMIT + 1)
	// The lines of every order listed, in one more query.
	const rows = await withLines(db, found.slice(0, MY_ORDERS_LIMIT))
	// Every card shows its order's codes and logins: each hidden behind its Reveal until the buyer taps it (ADR-050).
	const views = await revealOrders(db, rows)
	return {
		more: found.length > MY_ORDERS_LIMIT,
		orders: rows.map((row, index) => {
			const order = views[index]!
			const runsFrom = subscriptionsRun(row) && !order.subscriptionEndsAt ? row.deliveredAt : null
			const ends = new Map(subscriptionLineEnds(row.productDetails, runsFrom).map((end) => [end.lineIndex, end.endsAt]))
			const lines = row.productDetails.map((line, lineIndex): BuyerOrderLine => {
				const endsAt = ends.get(lineIndex) ?? null
				return {
					lineIndex,
					name: line.name,
					option: lineOption(line),
					quantity: line.quantity,
					endsAt: endsAt?.toISOString() ?? null,
					endsDay: endsAt ? formatPakistanDay(endsAt.toISOString(), lang) : null,
					renewPath: endsAt ? renewPath(row.orderNumber, lineIndex) : null,
					buyAgainPath: endsAt ? null : `/product/${line.id}`,
				}
			})
			const shown = {
				placedAt: formatPakistanTime(order.createdAt, lang),
				subscriptionEndsDay: order.subscriptionEndsAt ? formatPakistanDay(order.subscriptionEndsAt, lang) : null,
			}
			return { order, lines, shown }
		}),
	}
}
