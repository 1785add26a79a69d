import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'

export const ORDERS_CHANNEL = 'orders'

/** Tells every open order page, on every server instance, that this order changed (sent on commit). */
export async function notifyOrderChanged(tx: Db | Tx, orderNumber: string) {
	await tx.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${orderNumber})`)
}
