import { asc, inArray, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.server'
import { placeholders, prepared } from '../../db/prepared.server'
import { orderLines, orders, type OrderLine } from '../../db/schema'
import type { Order, OrderRow } from './order'

// An order's lines are rows of order_lines (ADR-024). Orders are written with their lines in one
// transaction, and read with their lines in one more query however many orders are read (no query
// per order). The spec's JSON line (§3 product_details) is made here from the row, and only here.

export type { Order, OrderRow }
export type OrderLineRow = typeof orderLines.$inferSelect

/** The row of one line as sold, at `position` in its order. */
export function lineRow(orderId: number, position: number, line: OrderLine): typeof orderLines.$inferInsert {
	const option = line.selectedDuration ?? line.selectedDenomination
	return {
		orderId,
		position,
		productId: line.id,
		variantId: line.variantId ?? null,
		name: line.name,
		image: line.image,
		originalPrice: line.originalPrice,
		optionKind: line.selectedDuration ? 'duration' : line.selectedDenomination ? 'denomination' : null,
		optionLabel: option?.label ?? null,
		optionMonths: line.selectedDuration?.months ?? null,
		optionValue: line.selectedDuration ? null : (line.selectedDenomination?.value ?? null),
		optionPrice: option?.price ?? null,
		accountType: line.selectedAccountType,
		quantity: line.quantity,
		unitPrice: line.price,
		discount: line.discount ?? 0,
		lineTotal: line.quantity * line.price - (line.discount ?? 0),
		code: line.code,
	}
}

/** The spec's JSON line of a row: the fields an order has always answered with, in their order. */
export function specLine(row: OrderLineRow): OrderLine {
	const price = row.optionPrice ?? undefined
	return {
		id: row.productId as number,
		name: row.name,
		image: row.image,
		price: row.unitPrice,
		originalPrice: row.originalPrice,
		quantity: row.quantity,
		selectedDuration: row.optionKind === 'duration' ? { label: row.optionLabel ?? '', price: price as number, months: row.optionMonths as number } : null,
		selectedDenomination: row.optionKind === 'denomination' ? { label: row.optionLabel ?? '', price: price as number, value: row.optionValue as number } : null,
		selectedAccountType: row.accountType,
		...(row.variantId != null ? { variantId: row.variantId } : {}),
		code: row.code,
		...(row.discount > 0 ? { discount: row.discount } : {}),
	}
}

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

/** The lines of these orders, in order, read in one query. */
export async function linesOfOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
	const byOrder = new Map<number, OrderLineRow[]>()
	if (orderIds.length === 0) return byOrder
	const rows = await db
		.select()
		.from(orderLines)
		.where(inArray(orderLines.orderId, [...new Set(orderIds)]))
		.orderBy(asc(orderLines.orderId), asc(orderLines.position))
	for (const row of rows) {
		const list = byOrder.get(row.orderId)
		if (list) list.push(row)
		else byOrder.set(row.orderId, [row])
	}
	return byOrder
}

/** These order rows with their lines (one query for all of them). */
export async function withLines<T extends OrderRow>(db: Db | Tx, rows: T[]): Promise<(T & { productDetails: OrderLine[] })[]> {
	const lines = await linesOfOrders(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((row) => ({ ...row, productDetails: (lines.get(row.id) ?? []).map(specLine) }))
}

/** One order row with its lines; null stays null. */
export async function withLinesOf<T extends OrderRow>(db: Db | Tx, row: T | null | undefined): Promise<(T & { productDetails: OrderLine[] }) | null> {
	if (!row) return null
	const [order] = await withLines(db, [row])
	return order!
}
