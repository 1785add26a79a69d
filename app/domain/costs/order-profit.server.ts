import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderLines, orders } from '../../db/schema'
import type { OrderRow } from '../orders/order'

/** What a paid order cost, its fee and its profit, as recorded at payment, for the owner's eyes only. */
export interface OrderProfit {
	recorded: boolean
	cost: number | null
	fee: number | null
	profit: number | null
	lines: { name: string; optionLabel: string | null; quantity: number; unitCost: number | null; cost: number | null }[]
}

/** Null for an order not paid yet (nothing recorded); callers ask only for the owner. */
export async function orderProfit(db: Db, order: Pick<OrderRow, 'id' | 'paidAt' | 'cost' | 'fee' | 'profit'>): Promise<OrderProfit | null> {
	if (!order.paidAt) return null
	const lines = await db
		.select({ name: orderLines.name, optionLabel: orderLines.optionLabel, quantity: orderLines.quantity, unitCost: orderLines.unitCost, cost: orderLines.cost })
		.from(orderLines)
		.where(eq(orderLines.orderId, order.id))
		.orderBy(asc(orderLines.position))
	// Paid before costs were recorded: no fee either.
	const recorded = order.fee != null
	return { recorded, cost: order.cost, fee: order.fee, profit: order.profit, lines }
}

/** The recorded cost, fee and profit of these orders, by id (the owner's CSV columns). */
export async function profitsOf(db: Db, orderIds: number[]): Promise<Map<number, Pick<OrderRow, 'cost' | 'fee' | 'profit'>>> {
	if (!orderIds.length) return new Map()
	const rows = await db.select({ id: orders.id, cost: orders.cost, fee: orders.fee, profit: orders.profit }).from(orders).where(inArray(orders.id, orderIds))
	return new Map(rows.map(({ id, ...r }) => [id, r]))
}
