import { and, asc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, products, productVariants, stockAssignments, stockUnits, variantSupply, type OrderLine } from '../../db/schema'
import { queueSupplierPurchase } from '../suppliers/queue-supplier-purchase.server'
import { logger } from '../../utils/logger.server'
import { encryptDelivery } from '../fulfillment/delivery-crypto.server'
import type { OrderRow as Order } from '../orders/order'
import type { DeliveredLine, DeliveredUnit, Delivery, WithdrawnUnit } from '../orders/delivered-units'
import { linesOfOrders, specLine, type OrderLineRow } from '../orders/order-lines.server'
import { owesDelivery } from '../orders/order-facts'
import { transition } from '../orders/order-store/transition.server'
import { changeDelivery, stopOwingFromStock } from '../orders/order-store/delivery-rows.server'
import { readStoreDetails } from '../settings/store-details.server'
import { maskPlain } from './mask-unit.server'
import { openUnit } from './stock-crypto.server'

// Delivery from stock (issue: codes delivered the moment a payment is confirmed, never twice).
// It runs inside the transaction that marks the order paid, or that staff or the queue open on
// the order row: units are taken with FOR UPDATE SKIP LOCKED in id order, so two payments never
// take the same unit, and each slot taken is a row of stock_assignments, unique per (unit, slot),
// so not even a bug could hand one slot to two buyers. Nothing is reserved before payment.

export interface StockDelivery {
	/** Units this call took. */
	taken: number
	/** Units the order is still owed from stock after this call (the staff queue). */
	owed: number
	/** Whether the order has lines served from stock at all. */
	fromStock: boolean
	/** Every line is delivered: the order's fulfillment is completed. */
	complete: boolean
	/** Variants this call took from or could not serve: their low-stock alert is checked after commit. */
	variantIds: number[]
	/** Of `owed`, units of options with suppliers: a purchase was queued (ADR-053). */
	owedBySuppliers?: number
	/** The order has lines no stock serves (delivered by hand). */
	byHand?: boolean
}

/** A test order staff have not approved yet: it takes nothing from stock. */
export const awaitsTestApproval = (order: Pick<Order, 'testPayment' | 'testApprovedAt'>) => order.testPayment && !order.testApprovedAt

const NONE: StockDelivery = { taken: 0, owed: 0, fromStock: false, complete: false, variantIds: [] }

interface StockLine {
	index: number
	lineId: number
	line: OrderLineRow
	variantId: number
	/** The option has suppliers: what stock cannot serve is bought (ADR-053). */
	supplied?: boolean
}

/** Which lines of the order deliver from stock: a variant of a product whose stock mode is not manual. */
export async function stockLines(tx: Tx, lines: OrderLineRow[]): Promise<StockLine[]> {
	const candidates = lines.map((line) => ({ index: line.position, lineId: line.id, line, variantId: line.variantId })).filter((l): l is Omit<StockLine, 'supplied'> & { variantId: number } => l.variantId != null)
	if (candidates.length === 0) return []
	const rows = await tx
		.select({ variantId: productVariants.id, stockMode: products.stockMode, supplied: sql<boolean>`exists (select 1 from ${variantSupply} where ${variantSupply.variantId} = ${productVariants.id})` })
		.from(productVariants)
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(inArray(productVariants.id, [...new Set(candidates.map((c) => c.variantId))]))
	// An option with suppliers is served from stock, then bought (ADR-053), whatever its product's mode.
	const fromStock = new Set(rows.filter((r) => r.stockMode !== 'manual' || r.supplied).map((r) => r.variantId))
	const supplied = new Set(rows.filter((r) => r.supplied).map((r) => r.variantId))
	return candidates.filter((c) => fromStock.has(c.variantId)).map((c) => ({ ...c, supplied: supplied.has(c.variantId) }))
}

/**
 * Gives a paid order the units it is owed. Must run in a transaction that holds the order row
 * (the update that marked it paid, or a SELECT … FOR UPDATE): then a replay, the queue and staff
 * all see the assignments the last one made, and nothing is taken twice.
 */
export async function deliverFromStock(
	tx: Tx,
	order: Order,
	{
		storeName,
		deliveredEmail,
		wait = false,
	}: {
		storeName: string
		/** Off when the paid email, sent in the same transaction, already says so. */
		deliveredEmail: boolean
		/** Wait for units other transactions hold instead of skipping them (the queue, which holds no other unit). */
		wait?: boolean
	},
): Promise<StockDelivery> {
	// A test payment (the simulator in production) moved no money: nothing leaves stock until staff approve it.
	if (awaitsTestApproval(order)) return NONE
	const orderLines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? []
	const lines = await stockLines(tx, orderLines)
	if (lines.length === 0) {
		// The product went back to manual delivery while the order waited: staff deliver it by hand.
		if (order.undeliveredUnits > 0) await stopOwingFromStock(tx, order.id)
		return NONE
	}
	const held = await tx
		.select({ unitId: stockAssignments.unitId, lineIndex: stockAssignments.lineIndex })
		.from(stockAssignments)
		.where(and(eq(stockAssignments.orderId, order.id), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
	const heldPerLine = new Map<number, number>()
	for (const h of held) heldPerLine.set(h.lineIndex, (heldPerLine.get(h.lineIndex) ?? 0) + 1)
	// Units this order already has: a buyer of two shared slots gets two accounts, not one twice.
	const mine = new Set(held.map((h) => h.unitId))

	let taken = 0
	let owed = 0
	let owedBySuppliers = 0
	const variantIds = new Set<number>()
	// Variants in id order, units in id order: every transaction locks in the same order.
	for (const { index, lineId, line, variantId, supplied } of [...lines].sort((a, b) => a.variantId - b.variantId || a.index - b.index)) {
		const have = heldPerLine.get(index) ?? 0
		// Units refunded are owed no more (a refund holds this order's row too: it came before, or comes after).
		const need = Math.max(0, line.quantity - line.refundedQuantity - have)
		if (need === 0) continue
		const units = await tx
			.select({ id: stockUnits.id, slots: stockUnits.slots, slotsUsed: stockUnits.slotsUsed })
			.from(stockUnits)
			// Codes bought for another order are its own (ADR-053); codes bought for this one come first.
			.where(and(eq(stockUnits.variantId, variantId), eq(stockUnits.status, 'available'), or(isNull(stockUnits.forOrderId), eq(stockUnits.forOrderId, order.id)), mine.size ? notInArray(stockUnits.id, [...mine]) : undefined))
			.orderBy(sql`${stockUnits.forOrderId} is null`, asc(stockUnits.id))
			.limit(need)
			// At payment, skip units another payment holds (it may take their last slot); a retry may wait.
			.for('update', wait ? {} : { skipLocked: true })
		let unitIndex = have
		for (const unit of units) {
			const slot = unit.slotsUsed + 1
			await tx
				.update(stockUnits)
				.set({ slotsUsed: slot, status: slot >= unit.slots ? 'used' : 'available' })
				.where(eq(stockUnits.id, unit.id))
			await tx.insert(stockAssignments).values({ unitId: unit.id, slot, orderId: order.id, orderNumber: order.orderNumber, lineId, lineIndex: index, unitIndex: unitIndex++ })
			mine.add(unit.id)
			taken++
		}
		variantIds.add(variantId)
		owed += need - units.length
		if (supplied) owedBySuppliers += need - units.length
	}
	// What stock could not serve of an option with suppliers is bought after this transaction commits, by a job it queues (ADR-053).
	if (owedBySuppliers > 0) await queueSupplierPurchase(tx, order.id)

	const manualLines = orderLines.length > new Set(lines.map((l) => l.index)).size
	if (taken === 0 && owed === order.undeliveredUnits) return { taken, owed, fromStock: true, complete: false, variantIds: [], owedBySuppliers, byHand: manualLines }
	const content = await deliveryText(tx, order, orderLines)
	// Everything from stock and nothing left: delivered. Otherwise the buyer sees what came and staff see what is owed.
	const complete = owed === 0 && !manualLines
	const details = {
		deliveryContent: content ? encryptDelivery(content) : order.deliveryContent,
		undeliveredUnits: owed,
		...(taken && !order.stockDeliveredAt ? { stockDeliveredAt: new Date() } : {}),
		...(complete && !order.deliveredAt ? { deliveredAt: new Date() } : {}),
	}
	// Completed (the buyer told by email, unless the paid email of this transaction says so, and on their phones), or started, or more came.
	const move = complete && order.deliveryStatus !== 'completed' ? 'complete' : order.deliveryStatus === 'pending' ? 'prepare' : null
	const told = { by: 'shop' as const, storeName, facts: { taken, owed, ...(deliveredEmail ? {} : { toldWithPayment: true }) } }
	if (move) await transition(tx, { id: order.id }, move, details, told)
	else await changeDelivery(tx, order.id, details, told)
	return { taken, owed, fromStock: true, complete, variantIds: [...variantIds], owedBySuppliers, byHand: manualLines }
}

function optionOf(line: OrderLine): string | null {
	const parts = [line.selectedDuration?.label, line.selectedDenomination?.label, line.selectedAccountType ? `${line.selectedAccountType[0]!.toUpperCase()}${line.selectedAccountType.slice(1)}` : null].filter(Boolean)
	return parts.length ? parts.join(', ') : null
}

/**
 * What the buyer reads, as data (delivered-units.ts), stored as JSON: per line, its units in full;
 * replaced and refunded units are named by their last characters only. Null when nothing came from stock.
 */
export async function deliveryText(tx: Tx | Db, order: Pick<Order, 'id'>, lines?: OrderLineRow[]): Promise<string | null> {
	const rows = await tx
		.select({ id: stockAssignments.id, unit: stockUnits, lineIndex: stockAssignments.lineIndex, unitIndex: stockAssignments.unitIndex, replacedAt: stockAssignments.replacedAt, refundedAt: stockAssignments.refundedAt, assignedAt: stockAssignments.assignedAt })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.where(eq(stockAssignments.orderId, order.id))
		.orderBy(asc(stockAssignments.lineIndex), asc(stockAssignments.unitIndex), asc(stockAssignments.id))
	if (rows.length === 0) return null
	const delivered: DeliveredLine[] = []
	const orderLines = (lines ?? (await linesOfOrders(tx, [order.id])).get(order.id) ?? []).map(specLine)
	const withdrawn = (r: (typeof rows)[number], why: WithdrawnUnit['why'], at: Date): WithdrawnUnit => {
		const plain = openSafely(r.unit)
		return { kind: r.unit.kind, why, on: at.toISOString(), masked: plain == null ? null : maskPlain(r.unit.kind, plain) }
	}
	orderLines.forEach((line, index) => {
		const mine = rows.filter((r) => r.lineIndex === index)
		if (mine.length === 0) return
		const units = mine
			.filter((r) => !r.replacedAt && !r.refundedAt)
			.map((r): DeliveredUnit => {
				const plain = openSafely(r.unit)
				if (plain == null) return { id: r.id, kind: 'unreadable' }
				if (r.unit.kind === 'code') return { id: r.id, kind: 'code', code: plain }
				const account = JSON.parse(plain) as { login: string; password: string; notes: string | null }
				return { id: r.id, kind: 'account', login: account.login, password: account.password, ...(account.notes ? { notes: account.notes } : {}) }
			})
		delivered.push({
			product: line.name,
			option: optionOf(line),
			units,
			withdrawn: [...mine.filter((m) => m.replacedAt).map((r) => withdrawn(r, 'replaced', r.replacedAt!)), ...mine.filter((m) => m.refundedAt && !m.replacedAt).map((r) => withdrawn(r, 'refunded', r.refundedAt!))],
		})
	})
	return delivered.length ? JSON.stringify({ delivery: 2, lines: delivered } satisfies Delivery) : null
}

function openSafely(unit: { secret: string; keyId: string; id: number }): string | null {
	try {
		return openUnit(unit)
	} catch {
		logger.error({ unitId: unit.id }, 'stock unit sealed with a key that is not loaded')
		return null
	}
}

/**
 * Serves paid orders waiting for stock, oldest payment first: after an import, from the minute
 * sweep, or for one order when staff ask. Each order in its own transaction holding its row.
 */
export async function deliverQueuedOrders(db: Db, { orderNumber, limit = 100 }: { orderNumber?: string; limit?: number } = {}): Promise<{ served: number; stillOwed: number; variantIds: number[] }> {
	// One order at a time, each holding only its own row while it waits for units: no lock cycle.
	const { storeName } = await readStoreDetails(db)
	const queued = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(gt(orders.undeliveredUnits, 0), orderNumber ? eq(orders.orderNumber, orderNumber) : undefined))
		.orderBy(asc(orders.paidAt), asc(orders.id))
		.limit(limit)
	let served = 0
	let stillOwed = 0
	const variantIds = new Set<number>()
	for (const { id } of queued) {
		const result = await db.transaction(async (tx) => {
			const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
			if (!order || order.undeliveredUnits <= 0 || !owesDelivery(order)) return NONE
			return deliverFromStock(tx, order, { storeName, deliveredEmail: true, wait: true })
		})
		if (result.taken) served++
		stillOwed += result.owed
		for (const v of result.variantIds) variantIds.add(v)
	}
	return { served, stillOwed, variantIds: [...variantIds] }
}

/** Whether any order waits for stock: a cheap check before the sweep walks the queue. */
export async function hasQueuedOrders(db: Db): Promise<boolean> {
	const [row] = await db.select({ one: sql<number>`1` }).from(orders).where(gt(orders.undeliveredUnits, 0)).limit(1)
	return Boolean(row)
}
