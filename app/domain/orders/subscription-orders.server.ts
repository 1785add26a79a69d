import { and, asc, gt, type SQL } from 'drizzle-orm'
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

/**
 * The same orders a batch at a time, oldest id first: the daily renewal reminders read every delivered
 * subscription of the last years, which at a million orders was too many to load at once (ADR-057).
 */
export async function* ordersWhoseSubscriptionsRunInBatches(db: Db, size: number, ...where: (SQL | undefined)[]) {
	let after = 0
	for (;;) {
		const found = await db
			.select()
			.from(orders)
			.where(and(subscriptionsRunSql(), gt(orders.id, after), ...where))
			.orderBy(asc(orders.id))
			.limit(size)
		if (found.length === 0) return
		yield await withLines(db, found)
		after = found[found.length - 1]!.id
	}
}
