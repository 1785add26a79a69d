import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderLines, orders, refundLines, refunds } from '../../db/schema'
import type { OrderRow } from '../orders/order'

/** What a paid order cost, its fee and its profit, as recorded at payment, for the owner's eyes only. */
export interface OrderProfit {
	recorded: boolean
	cost: number | null
	fee: number | null
	profit: number | null
	/** Given back so far, and the profit once refunds are counted (see `afterRefunds`). */
	refunded: number
	profitAfterRefunds: number | null
	lines: { name: string; optionLabel: string | null; quantity: number; unitCost: number | null; cost: number | null }[]
}

/** Null for an order not paid yet (nothing recorded); callers ask only for the owner. */
export async function orderProfit(db: Db, order: Pick<OrderRow, 'id' | 'paidAt' | 'cost' | 'fee' | 'profit' | 'refundedAmount'>): Promise<OrderProfit | null> {
	if (!order.paidAt) return null
	const lines = await db
		.select({ name: orderLines.name, optionLabel: orderLines.optionLabel, quantity: orderLines.quantity, unitCost: orderLines.unitCost, cost: orderLines.cost })
		.from(orderLines)
		.where(eq(orderLines.orderId, order.id))
		.orderBy(asc(orderLines.position))
	// Paid before costs were recorded: no fee either.
	const recorded = order.fee != null
	const back = (await costsBack(db, [order.id])).get(order.id) ?? 0
	return { recorded, cost: order.cost, fee: order.fee, profit: order.profit, refunded: order.refundedAmount, profitAfterRefunds: afterRefunds(order, back), lines }
}

/**
 * The profit once refunds are counted: the money given back is lost, but a refunded unit that was never
 * delivered, or came back to stock unopened, cost the shop nothing after all (its recorded cost comes back);
 * a voided one stays a cost. Unknown when the profit is (a cost was unknown at payment).
 */
export const afterRefunds = (order: Pick<OrderRow, 'profit' | 'refundedAmount'>, costBack: number | null) =>
	order.profit == null || costBack == null ? null : order.profit - order.refundedAmount + costBack

/** The recorded cost of refunded units not delivered or returned to stock, by order; null when a line's cost was unknown. */
async function costsBack(db: Db, orderIds: number[]): Promise<Map<number, number | null>> {
	const rows = await db
		.select({
			orderId: orderLines.orderId,
			back: sql<string | null>`sum((${refundLines.undelivered} + ${refundLines.returned}) * ${orderLines.unitCost})`,
			unknown: sql<boolean>`bool_or(${orderLines.unitCost} is null and ${refundLines.undelivered} + ${refundLines.returned} > 0)`,
		})
		.from(refundLines)
		.innerJoin(refunds, eq(refunds.id, refundLines.refundId))
		.innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
		.where(inArray(orderLines.orderId, orderIds))
		.groupBy(orderLines.orderId)
	return new Map(rows.map((r) => [r.orderId, r.unknown ? null : Number(r.back ?? 0)]))
}

/** The recorded cost, fee and profit of these orders, by id (the owner's CSV columns). */
export async function profitsOf(db: Db, orderIds: number[]): Promise<Map<number, Pick<OrderRow, 'cost' | 'fee' | 'profit'> & { profitAfterRefunds: number | null }>> {
	if (!orderIds.length) return new Map()
	const rows = await db.select({ id: orders.id, cost: orders.cost, fee: orders.fee, profit: orders.profit, refundedAmount: orders.refundedAmount }).from(orders).where(inArray(orders.id, orderIds))
	const back = await costsBack(db, orderIds)
	return new Map(rows.map(({ id, refundedAmount, ...r }) => [id, { ...r, profitAfterRefunds: afterRefunds({ profit: r.profit, refundedAmount }, back.get(id) ?? 0) }]))
}
