import { arrayContains, eq, ilike, or, desc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import type { Order } from './order'
import { withLinesOf } from './order-lines.server'

export type OrderLookup = { internalOrderId: string } | { ordId: string }

/**
 * §7 order lookup: by internalOrderId the order number; by ordId the PayPro id (now or of an
 * earlier attempt) or the order number. `partial` is the last attempt's case-insensitive contains match, first of 5.
 */
export async function findOrder(db: Db, lookup: OrderLookup, { partial = false } = {}): Promise<Order | null> {
	if ('internalOrderId' in lookup) {
		const [row] = await db.select().from(orders).where(eq(orders.orderNumber, lookup.internalOrderId)).limit(1)
		if (row || !partial) return withLinesOf(db, row)
		return partialMatch(db, lookup.internalOrderId)
	}
	const [row] = await db
		.select()
		.from(orders)
		// The PayPro id of an earlier attempt too: a buyer back from an old payment page finds the order.
		.where(or(eq(orders.payproTransactionId, lookup.ordId), eq(orders.orderNumber, lookup.ordId), arrayContains(orders.earlierPayproIds, [lookup.ordId])))
		.limit(1)
	if (row || !partial) return withLinesOf(db, row)
	return partialMatch(db, lookup.ordId)
}

async function partialMatch(db: Db, id: string): Promise<Order | null> {
	// Too short a fragment would match strangers' orders.
	if (id.length < 6) return null
	const pattern = `%${id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	const rows = await db
		.select()
		.from(orders)
		.where(or(ilike(orders.payproTransactionId, pattern), ilike(orders.orderNumber, pattern)))
		.orderBy(desc(orders.createdAt))
		.limit(5)
	return withLinesOf(db, rows[0])
}
