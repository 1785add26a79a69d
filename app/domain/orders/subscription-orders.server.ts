import { and, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { subscriptionsRunSql } from './order-facts'
import { withLines } from './order-lines.server'

/**
 * The orders matching `where` whose subscriptions run (paid or partly refunded: a refunded one has
 * nothing left running or to renew), with their lines in one more query.
 */
export async function ordersWhoseSubscriptionsRun(db: Db, ...where: (SQL | undefined)[]) {
	const found = await db
		.select()
		.from(orders)
		.where(and(subscriptionsRunSql(), ...where))
	return withLines(db, found)
}
