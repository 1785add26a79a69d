import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, stockAssignments, stockUnits } from '../../db/schema'
import { PAID_STATES } from '../orders/order-state'
import { AppError } from '../../utils/app-error'
import { encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { changeDelivery } from '../orders/order-store/delivery-rows.server'
import { readStoreDetails } from '../settings/store-details.server'
import { linesOfOrders, specLine } from '../orders/order-lines.server'
import { revealStateOf, seenByBuyer } from '../orders/reveal-delivery.server'
import { revealSummaries, type RevealSummary } from '../orders/unit-reveals.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { deliverQueuedOrders, deliveryText } from './deliver-stock.server'
import { maskUnit } from './mask-unit.server'
import { alertLowStock } from './stock-alerts.server'
import { STOCK_FIELD_MESSAGES, STOCK_LIMITS } from './stock-rules'
import { replaceReason } from './stock-input'

// Staff's part in delivery from stock: what an order got (masked), serving an order owed stock
// now, and replacing a unit that did not work. Each change is audited by unit id, never by secret.

export const ORDER_STOCK_MESSAGES = {
	orderNotFound: 'Order not found.',
	assignmentNotFound: 'That unit is not one this order holds.',
	alreadyReplaced: 'This unit was replaced already.',
	notPaid: 'Only a paid order is delivered from stock.',
	noStock: 'There is no stock left for this option: import more, then replace the unit.',
	reason: STOCK_FIELD_MESSAGES.replaceReason,
	nothingOwed: 'This order is not waiting for stock.',
}

export interface OrderStockUnit {
	assignmentId: number
	unitId: number
	lineIndex: number
	kind: 'code' | 'account'
	masked: string
	slot: number
	assignedAt: string
	replacedAt: string | null
	replacedBy: string | null
	/** The buyer was shown it (or staff revealed it): a refund can only void it. */
	seenByBuyer: boolean
	/** Its first reveal (null when not revealed, or seen before reveals were recorded per unit) and how many were recorded (ADR-050). */
	reveal: { first: RevealSummary | null; count: number }
}

/** The units an order got, masked, replaced ones included: the order's console page. */
export async function orderStockUnits(db: Db, orderId: number): Promise<OrderStockUnit[]> {
	const rows = await db
		.select({ a: stockAssignments, unit: stockUnits })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.where(eq(stockAssignments.orderId, orderId))
		.orderBy(asc(stockAssignments.lineIndex), asc(stockAssignments.unitIndex), asc(stockAssignments.id))
	const [revealed, summaries] = await Promise.all([revealStateOf(db, orderId), revealSummaries(db, orderId)])
	return rows.map(({ a, unit }) => ({
		assignmentId: a.id,
		unitId: unit.id,
		lineIndex: a.lineIndex,
		kind: unit.kind,
		masked: maskUnit(unit),
		slot: a.slot,
		assignedAt: a.assignedAt.toISOString(),
		// A unit a refund voided is shown as no longer held, as a replaced one is (and cannot be replaced).
		replacedAt: (a.replacedAt ?? a.refundedAt)?.toISOString() ?? null,
		replacedBy: a.replacedBy ?? (a.refundedAt ? 'a refund (voided)' : null),
		seenByBuyer: seenByBuyer(revealed, { assignmentId: a.id, assignedAt: a.assignedAt }),
		reveal: summaries.get(a.id) ?? { first: null, count: 0 },
	}))
}

/** Serves one order owed stock now (staff's button); the answer says what it still owes. */
export async function deliverOrderNow(db: Db, actor: Actor, orderNumber: string): Promise<{ served: boolean; owed: number }> {
	const [order] = await db.select({ id: orders.id, undeliveredUnits: orders.undeliveredUnits }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) throw new AppError('NOT_FOUND', ORDER_STOCK_MESSAGES.orderNotFound)
	if (order.undeliveredUnits <= 0) throw new AppError('CONFLICT', ORDER_STOCK_MESSAGES.nothingOwed)
	const result = await deliverQueuedOrders(db, { orderNumber })
	await alertLowStock(db, result.variantIds)
	const [after] = await db.select({ undeliveredUnits: orders.undeliveredUnits }).from(orders).where(eq(orders.id, order.id))
	await db.transaction((tx) =>
		recordAudit(tx, actor, { action: 'stock.deliver_now', orderNumber, before: { owed: order.undeliveredUnits }, after: { owed: after?.undeliveredUnits ?? 0 } }),
	)
	return { served: result.served > 0, owed: after?.undeliveredUnits ?? 0 }
}

/**
 * Replaces a delivered unit that did not work with another of the same option: the old one stays
 * on the order as replaced (the buyer sees that it no longer applies) and its unsold slots are
 * voided; the new one takes its place on the order page, live.
 */
export async function replaceUnit(db: Db, actor: Actor, orderNumber: string, assignmentId: number, reason: string): Promise<{ unitId: number }> {
	const said = replaceReason.safeParse(reason)
	if (!said.success) throw new AppError('BAD_REQUEST', ORDER_STOCK_MESSAGES.reason, { reason: ORDER_STOCK_MESSAGES.reason })
	const { storeName } = await readStoreDetails(db)
	const result = await db.transaction((tx) => replaceUnitIn(tx, actor, orderNumber, assignmentId, said.data, storeName))
	await alertLowStock(db, [result.variantId])
	return { unitId: result.unitId }
}

/**
 * The replacement itself, in the caller's transaction (staff's button, or a claim's answer): refused
 * with its sentence before anything is written when the order, the unit or stock say no.
 * `why` is already checked (replaceReason). The caller alerts on low stock after it commits.
 */
export async function replaceUnitIn(tx: Tx, actor: Actor, orderNumber: string, assignmentId: number, why: string, storeName: string): Promise<{ unitId: number; variantId: number; assignmentId: number }> {
	const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update')
	if (!order) throw new AppError('NOT_FOUND', ORDER_STOCK_MESSAGES.orderNotFound)
	if (!PAID_STATES.includes(order.paymentStatus)) throw new AppError('CONFLICT', ORDER_STOCK_MESSAGES.notPaid)
	const [old] = await tx
		.select({ a: stockAssignments, unit: stockUnits })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.where(and(eq(stockAssignments.id, assignmentId), eq(stockAssignments.orderId, order.id)))
	if (!old) throw new AppError('NOT_FOUND', ORDER_STOCK_MESSAGES.assignmentNotFound)
	if (old.a.replacedAt) throw new AppError('CONFLICT', ORDER_STOCK_MESSAGES.alreadyReplaced)
	if (old.a.refundedAt) throw new AppError('CONFLICT', 'This unit was refunded: the buyer no longer holds it.')
	const held = await tx.select({ unitId: stockAssignments.unitId }).from(stockAssignments).where(eq(stockAssignments.orderId, order.id))
	const [unit] = await tx
		.select({ id: stockUnits.id, slots: stockUnits.slots, slotsUsed: stockUnits.slotsUsed })
		.from(stockUnits)
		.where(and(eq(stockUnits.variantId, old.unit.variantId), eq(stockUnits.status, 'available'), notInArray(stockUnits.id, held.map((h) => h.unitId))))
		.orderBy(asc(stockUnits.id))
		.limit(1)
		.for('update', { skipLocked: true })
	if (!unit) throw new AppError('CONFLICT', ORDER_STOCK_MESSAGES.noStock)
	const slot = unit.slotsUsed + 1
	await tx.update(stockUnits).set({ slotsUsed: slot, status: slot >= unit.slots ? 'used' : 'available' }).where(eq(stockUnits.id, unit.id))
	const [added] = await tx
		.insert(stockAssignments)
		.values({ unitId: unit.id, slot, orderId: order.id, orderNumber: order.orderNumber, lineId: old.a.lineId, lineIndex: old.a.lineIndex, unitIndex: old.a.unitIndex })
		.returning({ id: stockAssignments.id })
	await tx.update(stockAssignments).set({ replacedAt: new Date(), replacedBy: actor.label }).where(and(eq(stockAssignments.id, assignmentId), isNull(stockAssignments.replacedAt)))
	// A unit that did not work is not sold again: its free slots are voided.
	await tx
		.update(stockUnits)
		.set({ status: 'voided', voidReason: `Replaced on order ${order.orderNumber}: ${why}`.slice(0, STOCK_LIMITS.voidReason), voidedAt: new Date() })
		.where(and(eq(stockUnits.id, old.unit.id), eq(stockUnits.status, 'available')))
	const content = await deliveryText(tx, order)
	await changeDelivery(tx, order.id, { deliveryContent: encryptDelivery(content) }, { by: actor, storeName, kind: 'unitReplaced', facts: { assignmentId, reason: why } })
	await recordAudit(tx, actor, { action: 'stock.replace', orderNumber: order.orderNumber, target: `product ${old.unit.productId}`, before: { unitId: old.unit.id }, after: { unitId: unit.id }, note: why })
	return { unitId: unit.id, variantId: old.unit.variantId, assignmentId: added!.id }
}

export interface QueuedOrder {
	orderNumber: string
	customerName: string | null
	paidAt: string | null
	owed: number
	/** What the order is owed, by line: "PSN Card ($10 USD)". */
	lines: string[]
}

/** Paid orders waiting for stock, oldest payment first: the dashboard's queue. */
export async function stockQueue(db: Db, limit = 50): Promise<{ orders: QueuedOrder[]; total: number }> {
	const rows = await db
		.select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName, paidAt: orders.paidAt, owed: orders.undeliveredUnits })
		.from(orders)
		.where(gt(orders.undeliveredUnits, 0))
		.orderBy(asc(orders.paidAt), asc(orders.id))
		.limit(limit)
	const [{ total }] = await db.select({ total: sql<number>`count(*)::integer` }).from(orders).where(gt(orders.undeliveredUnits, 0))
	const lines = await linesOfOrders(
		db,
		rows.map((r) => r.id),
	)
	return {
		total: Number(total),
		orders: rows.map((r) => ({
			orderNumber: r.orderNumber,
			customerName: r.customerName,
			paidAt: r.paidAt?.toISOString() ?? null,
			owed: r.owed,
			lines: (lines.get(r.id) ?? [])
				.map(specLine)
				.filter((l) => l.variantId != null)
				.map((l) => {
					const option = [l.selectedDuration?.label ?? l.selectedDenomination?.label, l.selectedAccountType].filter(Boolean).join(', ')
					return `${l.name}${option ? ` (${option})` : ''}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`
				}),
		})),
	}
}
