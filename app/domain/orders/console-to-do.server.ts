import { count } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { transferWaiting } from '../payments/review-transfer.server'
import { heldAfterCancelSql, waitsForStaffDeliverySql } from './order-facts'

/** What waits for staff: the console's to-do counts and the Transfers tab's badge. */
export interface ConsoleToDo {
	/** Transfers with a receipt, waiting for staff to confirm or reject. */
	transfersToConfirm: number
	/** Paid (or partly refunded) orders not delivered yet whose codes no supplier is being asked for now: waitsForStaffDelivery. */
	paidToDeliver: number
	/** PayPro's money arrived after staff cancelled the order: to reinstate or refund. */
	paidAfterCancel: number
}

const counted = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0)

/** Transfers waiting for confirmation: for the badge on every console page. Read from a partial index (drizzle/0012). */
export async function countTransfersToConfirm(db: Db): Promise<number> {
	return counted(await db.select({ n: count() }).from(orders).where(transferWaiting()))
}

/** Both counts, each read from a partial index of its own (drizzle/0012): quick at any number of orders. */
export async function consoleToDo(db: Db): Promise<ConsoleToDo> {
	const [transfersToConfirm, paidToDeliver, paidAfterCancel] = await Promise.all([
		countTransfersToConfirm(db),
		db
			.select({ n: count() })
			.from(orders)
			.where(waitsForStaffDeliverySql())
			.then(counted),
		// Rare, and read from orders_payment_status_created_idx.
		db.select({ n: count() }).from(orders).where(heldAfterCancelSql()).then(counted),
	])
	return { transfersToConfirm, paidToDeliver, paidAfterCancel }
}
