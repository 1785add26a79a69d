import { asc, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, type OrderLine } from '../../db/schema'
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

// Written by the order's one writer (order-store/, ADR-036).
export { insertOrderLines, insertOrderWithLines } from './order-store/order-rows.server'

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
