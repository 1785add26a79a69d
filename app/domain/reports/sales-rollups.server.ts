import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'

// The sales reports' days (ADR-057): the triggers of orders, lines and refunds append each change to the deltas tables,
// which no two writers ever wait on; this moves the committed ones into their days, so the reports'
// live views add up a few minutes of deltas at most. Safe to run from any instance at any time.

/** Folds the sales deltas committed so far into their days (the minute sweep). */
export async function foldSalesDayDeltas(db: Db): Promise<void> {
	await db.execute(sql`select fold_sales_day_deltas()`)
}
