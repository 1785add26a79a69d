import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, stockAssignments, stockUnits, type RevealView } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import { openUnit } from '../stock/stock-crypto.server'
import { HAND_UNIT, isDelivery, type DeliveredUnit, type Delivery } from './delivered-units'
import type { Order, OrderRow } from './order'
import { parseDeliveryContent, type FullOrderView, type OrderView } from './order-view'
import { publicOrderView } from './view-order.server'
import { firstReveals, recordReveal, type RevealClient, type Revealer } from './unit-reveals.server'

// The one way an order's delivered codes and account logins reach a buyer in plain text (ADR-050). The
// buyer's views (the order page, its API and live updates, My orders in either language) show each
// delivered unit masked ("Code 1 · hidden") until it is revealed: one tap on its Reveal, which records
// the reveal (unit-reveals.server.ts) before the unit is handed over. A unit once revealed shows in full
// on every later view. A unit from stock is named by its stock assignment's id; the content staff typed
// by hand is one whole, named 'hand'. A refund reads the reveals through `seenByBuyer`: a unit revealed
// (by the buyer, or by staff who may pass it on by hand) never goes back to stock. Orders shown before
// reveals were recorded per unit kept one moment (`orders.delivery_seen_at`): units assigned at or
// before it count as revealed.

/** An order's reveals as the rule reads them: the units revealed (assignment ids; null for the content typed by hand), and the moment recorded before per-unit reveals. */
export interface RevealState {
	revealed: ReadonlySet<number | null>
	legacySeenAt: Date | null
}

/** A unit of an order: its stock assignment and when it was assigned, or (null, null) for the content typed by hand. */
export interface RevealUnit {
	assignmentId: number | null
	assignedAt: Date | null
}

/** Whether a delivered unit was revealed (shown in full to the buyer, or read by staff): THE rule refunds, returns and the console read. */
export function seenByBuyer(state: RevealState, unit: RevealUnit): boolean {
	if (state.revealed.has(unit.assignmentId)) return true
	if (state.legacySeenAt == null) return false
	return unit.assignedAt == null || unit.assignedAt <= state.legacySeenAt
}

/** The reveal state of each order (by id). */
export async function revealStates(db: Db | Tx, found: Pick<OrderRow, 'id' | 'deliverySeenAt'>[]): Promise<Map<number, RevealState>> {
	const reveals = await firstReveals(
		db,
		found.map((o) => o.id),
	)
	return new Map(found.map((o) => [o.id, { legacySeenAt: o.deliverySeenAt, revealed: new Set(reveals.filter((r) => r.orderId === o.id).map((r) => r.assignmentId)) }]))
}

/** One order's reveal state (its row is read for the moment recorded before per-unit reveals). */
export async function revealStateOf(db: Db | Tx, orderId: number): Promise<RevealState> {
	const [order] = await db.select({ id: orders.id, deliverySeenAt: orders.deliverySeenAt }).from(orders).where(eq(orders.id, orderId))
	return (await revealStates(db, order ? [order] : [])).get(orderId) ?? { revealed: new Set(), legacySeenAt: null }
}

/** Whether the order's page shows delivered content yet: completed, or partly delivered from stock. */
const hasDelivered = (order: Pick<OrderRow, 'deliveryStatus' | 'stockDeliveredAt' | 'deliveryContent'>) =>
	(order.deliveryStatus === 'completed' || Boolean(order.stockDeliveredAt)) && order.deliveryContent != null

interface Held {
	id: number
	lineIndex: number
	assignedAt: Date
	active: boolean
}

/** Each order's assignments, in the order the delivery lists them (deliver-stock.server.ts `deliveryText`). */
async function assignmentsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, Held[]>> {
	const byOrder = new Map<number, Held[]>()
	if (!orderIds.length) return byOrder
	const rows = await db
		.select({ orderId: stockAssignments.orderId, id: stockAssignments.id, lineIndex: stockAssignments.lineIndex, assignedAt: stockAssignments.assignedAt, replacedAt: stockAssignments.replacedAt, refundedAt: stockAssignments.refundedAt })
		.from(stockAssignments)
		.where(inArray(stockAssignments.orderId, orderIds))
		.orderBy(asc(stockAssignments.lineIndex), asc(stockAssignments.unitIndex), asc(stockAssignments.id))
	for (const r of rows) {
		const list = byOrder.get(r.orderId) ?? []
		list.push({ id: r.id, lineIndex: r.lineIndex, assignedAt: r.assignedAt, active: !r.replacedAt && !r.refundedAt })
		byOrder.set(r.orderId, list)
	}
	return byOrder
}

/**
 * The delivery with each unit named by its assignment: as stored (since 2026-12), or, for a delivery
 * stored before, by position (its lines are the order's lines that got units, in order; its units the
 * line's units still held, in order).
 */
export function withUnitIds(delivery: Delivery, held: Held[]): Delivery {
	const lineIndexes = [...new Set(held.map((h) => h.lineIndex))]
	return {
		...delivery,
		lines: delivery.lines.map((line, i) => {
			const live = held.filter((h) => h.lineIndex === lineIndexes[i] && h.active)
			return { ...line, units: line.units.map((unit, j) => (unit.id != null ? unit : { ...unit, id: live[j]?.id })) }
		}),
	}
}

/** What the buyer's view shows of the delivery: units revealed in full, the rest hidden (kind only). */
function shownContent(content: unknown, state: RevealState, held: Held[]): unknown {
	if (content == null) return null
	if (!isDelivery(content)) return seenByBuyer(state, { assignmentId: null, assignedAt: null }) ? content : { hidden: HAND_UNIT }
	const assigned = new Map(held.map((h) => [h.id, h.assignedAt]))
	const named = withUnitIds(content, held)
	return {
		...named,
		lines: named.lines.map((line) => ({
			...line,
			units: line.units.map((unit): DeliveredUnit => {
				if (unit.kind === 'unreadable' || unit.id == null) return unit
				if (seenByBuyer(state, { assignmentId: unit.id, assignedAt: assigned.get(unit.id) ?? null })) return unit
				return { id: unit.id, kind: 'hidden', of: unit.kind === 'account' ? 'account' : 'code' }
			}),
		})),
	}
}

function fullView(order: Order, state: RevealState, held: Held[]): FullOrderView {
	return {
		...publicOrderView(order),
		full: true,
		customerName: order.customerName ?? '',
		customerEmail: order.customerEmail,
		customerPhone: order.customerPhone,
		items: order.productDetails,
		// Completed, or partly delivered from stock: the buyer sees what came while the rest is owed, each unit hidden until revealed.
		deliveryContent: hasDelivered(order) ? shownContent(parseDeliveryContent(decryptDelivery(order.deliveryContent)), state, held) : null,
		partlyDelivered: order.deliveryStatus !== 'completed' && Boolean(order.stockDeliveredAt),
		owedUnits: order.undeliveredUnits,
		receiptUploaded: Boolean(order.receiptPath),
		deliveredAt: order.deliveredAt?.toISOString() ?? null,
	}
}

/** The orders in full for their buyer: units revealed before in full, the others hidden behind their Reveal. Records nothing. */
export async function revealOrders(db: Db, found: Order[]): Promise<FullOrderView[]> {
	const delivered = found.filter(hasDelivered)
	const [states, held] = await Promise.all([
		revealStates(db, delivered),
		assignmentsOf(
			db,
			delivered.map((o) => o.id),
		),
	])
	return found.map((order) => fullView(order, states.get(order.id) ?? { revealed: new Set(), legacySeenAt: null }, held.get(order.id) ?? []))
}

/** One order in full for its buyer (see revealOrders). */
export async function revealOrder(db: Db, order: Order): Promise<FullOrderView> {
	return (await revealOrders(db, [order]))[0]!
}

/** The order as its asker may see it: in full for its buyer (units hidden until revealed), the public part for anyone else. */
export async function viewOrderFor(db: Db, order: Order, { full }: { full: boolean }): Promise<OrderView> {
	return full ? revealOrder(db, order) : publicOrderView(order)
}

export const REVEAL_MESSAGES = {
	notFound: 'errors.revealUnitNotFound',
} as const

/** A unit id as a request names it: an assignment's id, or 'hand'. */
export function readUnitId(value: unknown): number | typeof HAND_UNIT | null {
	if (value === HAND_UNIT) return HAND_UNIT
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
	return /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null
}

/** What a reveal hands over: the unit in full (from stock), or the content typed by hand. */
export type RevealedUnit = { unitId: number; unit: DeliveredUnit } | { unitId: typeof HAND_UNIT; content: unknown }

/**
 * Reveals one delivered unit of an order to whoever the caller let see the order in full, recording the
 * reveal first. The order's row is held (shared) while it is checked and recorded, so a refund taking the
 * unit back either comes first (the unit is no longer there: refused) or finds the reveal.
 */
export async function revealUnitOf(
	db: Db,
	{ orderId, unitId, view, by, client }: { orderId: number; unitId: number | typeof HAND_UNIT; view: RevealView; by: Revealer; client: RevealClient },
): Promise<RevealedUnit> {
	const missing = () => new AppError('NOT_FOUND', REVEAL_MESSAGES.notFound)
	return db.transaction(async (tx) => {
		const [order] = await tx
			.select({ id: orders.id, deliveryStatus: orders.deliveryStatus, stockDeliveredAt: orders.stockDeliveredAt, deliveryContent: orders.deliveryContent })
			.from(orders)
			.where(eq(orders.id, orderId))
			.for('share')
		if (!order || !hasDelivered(order)) throw missing()
		if (unitId === HAND_UNIT) {
			const content = parseDeliveryContent(decryptDelivery(order.deliveryContent))
			if (content == null || isDelivery(content)) throw missing()
			await recordReveal(tx, { orderId, assignmentId: null, view, by, client })
			return { unitId, content }
		}
		const [held] = await tx
			.select({ unit: stockUnits })
			.from(stockAssignments)
			.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
			.where(and(eq(stockAssignments.id, unitId), eq(stockAssignments.orderId, orderId), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
		if (!held) throw missing()
		let plain: string
		try {
			plain = openUnit(held.unit)
		} catch {
			// Nothing to hand over: the buyer's view says to ask us (an unreadable unit is never hidden).
			return { unitId, unit: { id: unitId, kind: 'unreadable' } }
		}
		await recordReveal(tx, { orderId, assignmentId: unitId, view, by, client })
		if (held.unit.kind === 'code') return { unitId, unit: { id: unitId, kind: 'code', code: plain } }
		const account = JSON.parse(plain) as { login: string; password: string; notes: string | null }
		return { unitId, unit: { id: unitId, kind: 'account', login: account.login, password: account.password, ...(account.notes ? { notes: account.notes } : {}) } }
	})
}

/**
 * Staff read an order's delivery in full (the console's order page): each unit it holds, and the
 * content typed by hand, is recorded as revealed by them.
 */
export async function recordStaffRevealedOrder(tx: Tx, orderId: number, by: Revealer & { kind: 'staff' }, handTyped: boolean): Promise<void> {
	const held = await tx
		.select({ id: stockAssignments.id })
		.from(stockAssignments)
		.where(and(eq(stockAssignments.orderId, orderId), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
		.orderBy(asc(stockAssignments.id))
	for (const { id } of held) await recordReveal(tx, { orderId, assignmentId: id, view: 'staff', by, client: { address: null, device: null } })
	if (handTyped) await recordReveal(tx, { orderId, assignmentId: null, view: 'staff', by, client: { address: null, device: null } })
}

/**
 * Staff revealed a stock unit in full (to send it by hand, say): every order holding it records a staff
 * reveal of it, so a refund of those orders cannot put it back in stock.
 */
export async function recordUnitRevealed(tx: Tx, unitId: number, by: Revealer & { kind: 'staff' }): Promise<void> {
	const holders = await tx
		.select({ id: stockAssignments.id, orderId: stockAssignments.orderId })
		.from(stockAssignments)
		.where(and(eq(stockAssignments.unitId, unitId), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
		.orderBy(asc(stockAssignments.id))
	for (const h of holders) await recordReveal(tx, { orderId: h.orderId, assignmentId: h.id, view: 'staff', by, client: { address: null, device: null } })
}
