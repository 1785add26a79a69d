import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orderLines, orders, products, stockAssignments } from '../../db/schema'
import { wordsAt } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import { now } from '../../utils/clock'
import type { OrderRow } from '../orders/order'
import { revealStateOf, seenByBuyer } from '../orders/reveal-delivery.server'
import { isPaid } from '../orders/order-facts'
import { giveRefund, type RefundDone } from '../refunds/refund-order.server'
import { RETURN_REASON, returnWindowEnd } from './returns'

// A buyer returns a code or account delivered from stock that they never opened (ADR-051): within the
// days the owner set on its product, for store credit of what that unit was sold for after its discount
// (ADR-039). It is a refund like staff's (the refund path: its lines, the unit back in stock, the
// order's state by transition, the buyer told), made by the buyer, always to store credit. "Opened" is
// seenByBuyer's rule, the one refunds read. The caller has checked the buyer may see the order in full.

export interface ReturnableUnit {
	/** stock_assignments.id: the unit as the order holds it. */
	unitId: number
	lineId: number
	/** The line's position and which of its units (1, 2…), for the page to name it. */
	lineIndex: number
	unitNumber: number
	product: string
	/** When the window ends (ISO). */
	until: string
}

/** The delivered units of an order the buyer may return now: from stock, unopened, on a line whose product takes returns, within its window. */
export async function returnableUnits(db: Db | Tx, order: Pick<OrderRow, 'id' | 'paymentStatus' | 'deliveryStatus' | 'deliverySeenAt'>): Promise<ReturnableUnit[]> {
	if (!isPaid(order)) return []
	const rows = await db
		.select({ id: stockAssignments.id, lineId: stockAssignments.lineId, lineIndex: stockAssignments.lineIndex, unitIndex: stockAssignments.unitIndex, assignedAt: stockAssignments.assignedAt, name: orderLines.name, returnDays: products.returnDays })
		.from(stockAssignments)
		.innerJoin(orderLines, eq(orderLines.id, stockAssignments.lineId))
		.innerJoin(products, eq(products.id, orderLines.productId))
		.where(and(eq(stockAssignments.orderId, order.id), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
		.orderBy(stockAssignments.lineIndex, stockAssignments.unitIndex)
		.limit(1000)
	const at = now()
	const revealed = await revealStateOf(db, order.id)
	return rows.flatMap((r) => {
		const until = returnWindowEnd(r.assignedAt, r.returnDays)
		if (!until || until <= at || seenByBuyer(revealed, { assignmentId: r.id, assignedAt: r.assignedAt })) return []
		return [{ unitId: r.id, lineId: r.lineId, lineIndex: r.lineIndex, unitNumber: r.unitIndex + 1, product: r.name, until: until.toISOString() }]
	})
}

/** The buyer returns one unit for store credit: the refund made. Refused (4xx, by key) when the unit may not be returned. */
export async function returnUnit(db: Db, orderNumber: string, unitId: number): Promise<RefundDone> {
	const check = async (tx: Tx, order: OrderRow) => {
		const [unit] = await tx
			.select({ id: stockAssignments.id, lineId: stockAssignments.lineId, assignedAt: stockAssignments.assignedAt, replacedAt: stockAssignments.replacedAt, refundedAt: stockAssignments.refundedAt, returnDays: products.returnDays })
			.from(stockAssignments)
			.innerJoin(orderLines, eq(orderLines.id, stockAssignments.lineId))
			.leftJoin(products, eq(products.id, orderLines.productId))
			.where(and(eq(stockAssignments.id, unitId), eq(stockAssignments.orderId, order.id)))
		// Returned before (its row gone back to stock), replaced, refunded, or never this order's.
		if (!unit || unit.replacedAt || unit.refundedAt) throw new AppError('CONFLICT', 'order.return.notHeld', { unitId: 'order.return.notHeld' })
		if (!isPaid(order)) throw new AppError('CONFLICT', 'order.return.notPaid')
		const until = returnWindowEnd(unit.assignedAt, unit.returnDays ?? null)
		if (!until) throw new AppError('CONFLICT', 'order.return.noReturns')
		if (until <= now()) throw new AppError('CONFLICT', wordsAt('order.return.windowEnded', { date: until }))
		if (seenByBuyer(await revealStateOf(tx, order.id), { assignmentId: unit.id, assignedAt: unit.assignedAt })) throw new AppError('CONFLICT', 'order.return.opened')
		// The unit's line, taken back one unit: this one.
		return [{ lineId: unit.lineId, quantity: 1, delivered: [unitId] }]
	}
	return giveRefund(db, { staffId: null, label: 'buyer' }, orderNumber, { method: 'credit', reason: RETURN_REASON, units: 'return' }, { check, creditKind: 'returned_unit' })
}

/** The order a return names, as the route reads it. */
export async function orderForReturn(db: Db, orderNumber: string) {
	const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber))
	return row ?? null
}
