import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { supplierSimOrders } from '../../db/schema'
import type { SimOrder, SimOrderStore } from './simulator.server'

// The built-in supplier simulator's orders in the shop's database (ADR-055), its one writer: an order
// is saved before the simulator answers, and every order is read back when a restarted shop's
// simulator answers its first request, so findOrder on a resumed purchase finds the order it placed.

/** At most this many kept orders are read back: the demo's, not a ledger. */
const KEPT = 10_000

export function simOrderStore(db: Db): SimOrderStore {
	return {
		async load() {
			const rows = await db.select().from(supplierSimOrders).orderBy(asc(supplierSimOrders.createdAt), asc(supplierSimOrders.orderId)).limit(KEPT)
			return rows.map((r): SimOrder => ({ orderId: r.orderId, orderExternalId: r.orderExternalId, productId: r.productId, qty: r.qty, priceCents: r.priceCents, createdAt: r.createdAt.toISOString(), keys: r.keys, owed: r.owed }))
		},
		async save(order) {
			const values = { orderExternalId: order.orderExternalId, productId: order.productId, qty: order.qty, priceCents: order.priceCents, keys: [...order.keys], owed: order.owed, createdAt: new Date(order.createdAt) }
			await db
				.insert(supplierSimOrders)
				.values({ orderId: order.orderId, ...values })
				.onConflictDoUpdate({ target: supplierSimOrders.orderId, set: { keys: values.keys, owed: values.owed } })
		},
	}
}
