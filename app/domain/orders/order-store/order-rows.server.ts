import { eq, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../../db/client.server'
import { placeholders, prepared } from '../../../db/prepared.server'
import { couponRedemptions, orderLines, orders, refundLines, refunds, type OrderLine } from '../../../db/schema'
import type { RefundMethod } from '../../refunds/refund-input'
import type { Actor } from '../../staff/audit.server'
import type { OrderRow } from '../order'
import { lineRow } from '../order-lines.server'

// The order's one writer (ADR-036), its rows beside the state: an order placed with its lines, the
// discount code it used, what its lines cost, and the refunds given on it. The state's moves are
// transition.server.ts; payments' and delivery's other fields are payment-rows and delivery-rows.

/** Writes an order's lines, in the transaction that writes the order; answers their row ids in order. */
export async function insertOrderLines(tx: Db | Tx, orderId: number, lines: OrderLine[]): Promise<number[]> {
	if (lines.length === 0) return []
	const rows = await tx
		.insert(orderLines)
		.values(lines.map((line, position) => lineRow(orderId, position, line)))
		.returning({ id: orderLines.id, position: orderLines.position })
	return rows.sort((a, b) => a.position - b.position).map((r) => r.id)
}

/**
 * Writes an order and its lines in one statement, answering the order's row: one round trip, and
 * atomic on its own (a statement is its own transaction; in a caller's transaction it is part of
 * that). An order number or checkout key already taken fails the whole statement, lines included.
 * Prepared once per shape (how many lines, which columns are set: app/db/prepared.server.ts).
 */
export async function insertOrderWithLines(db: Db | Tx, values: PgInsertValue<typeof orders>, lines: OrderLine[]): Promise<OrderRow> {
	const params: Record<string, unknown> = {}
	const order = placeholders(values, '', params)
	const placedLines = lines.map((line, i) => {
		const { orderId: _, ...row } = lineRow(0, i, line)
		return placeholders(row, `line${i}_`, params)
	})
	const shape = [order.shape, ...placedLines.map((l) => l.shape)].join(';')
	const statement = prepared(db, `insertOrderWithLines:${shape}`, (db) => {
		const placed = db.$with('placed').as(db.insert(orders).values(order.row).returning())
		const placedId = sql`(select ${sql.identifier('id')} from ${placed})`
		const written = db
			.$with('placed_lines')
			.as(db.insert(orderLines).values(placedLines.map((l) => ({ ...l.row, orderId: placedId }))).returning({ id: orderLines.id }))
		return (placedLines.length ? db.with(placed, written) : db.with(placed)).select().from(placed)
	})
	const [row] = await statement.execute(params)
	return row!
}

/** An order placed under a new number, unless that number is taken (the caller draws another): null then. */
export async function insertOrderIfNumberFree(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow | null> {
	const [row] = await tx.insert(orders).values(values).onConflictDoNothing({ target: orders.orderNumber }).returning()
	return row ?? null
}

/** The use of a discount code by an order, in the transaction that placed it. */
export async function recordCouponUse(tx: Tx, use: typeof couponRedemptions.$inferInsert): Promise<void> {
	await tx.insert(couponRedemptions).values(use)
}

/** What a paid order's line cost the shop (null: unknown), and what one of its units cost. */
export async function setLineCost(tx: Tx, lineId: number, cost: { cost: number | null; unitCost: number | null }): Promise<void> {
	await tx.update(orderLines).set(cost).where(eq(orderLines.id, lineId))
}

/** The order's cost, fee and profit, fixed when it is paid (app/domain/costs). */
export async function setOrderCost(tx: Tx, orderId: number, cost: { cost: number | null; fee: number; profit: number | null }): Promise<void> {
	await tx.update(orders).set(cost).where(eq(orders.id, orderId))
}

/** A refund given on an order (the order's row held by the caller); its lines follow (recordRefundLine). */
export async function recordRefund(tx: Tx, orderId: number, actor: Actor, refund: { amount: number; method: RefundMethod; reference: string | null; reason: string }) {
	const [row] = await tx
		.insert(refunds)
		.values({ orderId, ...refund, staffId: actor.staffId ?? null, actor: actor.label })
		.returning()
	return row!
}

/** Which units of a line a refund took back: the line owes them no more. */
export async function recordRefundLine(tx: Tx, refundId: number, lineId: number, units: { quantity: number; undelivered: number; returned: number; voided: number }): Promise<void> {
	await tx.update(orderLines).set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${units.quantity}` }).where(eq(orderLines.id, lineId))
	await tx.insert(refundLines).values({ refundId, orderLineId: lineId, ...units })
}
