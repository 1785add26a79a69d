import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../../db/client.server'
import { orders, stockAssignments } from '../../../db/schema'
import type { OrderRow } from '../order'
import { tellOrderEvent, type EventActor } from './transition.server'

// The order's one writer (ADR-036): what was delivered beside the delivery state. The content the
// buyer reads, what stock still owes, when the buyer first saw their codes, and a test order's approval.
// A change the buyer or staff hear of is an event (deliveryChanged, testApproved, unitReplaced).

/** What may change of the delivery without a move (the content, what stock owes, when it came). */
type DeliveryDetails = Partial<Pick<PgUpdateSetSource<typeof orders>, 'deliveryContent' | 'undeliveredUnits' | 'stockDeliveredAt' | 'deliveredAt'>>

/** The delivery changed without a move (stock delivered more, staff changed the content): written, recorded and told. */
export async function changeDelivery(
	tx: Tx,
	orderId: number,
	details: DeliveryDetails,
	{ by, storeName, kind = 'deliveryChanged', facts = {} }: { by: EventActor; storeName: string; kind?: 'deliveryChanged' | 'unitReplaced'; facts?: Record<string, string | number | boolean | null> },
): Promise<OrderRow> {
	const [row] = await tx
		.update(orders)
		.set({ ...details, updatedAt: new Date() })
		.where(eq(orders.id, orderId))
		.returning()
	await tellOrderEvent(tx, row!, kind, { by, storeName, facts })
	return row!
}

/** The order's lines went back to manual delivery while it waited: stock owes it nothing more (staff deliver it by hand). */
export async function stopOwingFromStock(tx: Tx, orderId: number): Promise<void> {
	await tx.update(orders).set({ undeliveredUnits: 0, updatedAt: new Date() }).where(eq(orders.id, orderId))
}

/** Staff approved a paid test order (once): it may now take stock. Null when it was approved already. */
export async function approveTestPayment(tx: Tx, orderId: number, { by, storeName }: { by: EventActor; storeName: string }): Promise<OrderRow | null> {
	const [row] = await tx
		.update(orders)
		.set({ testApprovedAt: new Date(), updatedAt: new Date() })
		.where(and(eq(orders.id, orderId), isNull(orders.testApprovedAt)))
		.returning()
	if (row) await tellOrderEvent(tx, row, 'testApproved', { by, storeName })
	return row ?? null
}

/**
 * The orders' delivery changed since the buyer last saw it: never seen, a unit assigned after the
 * moment recorded (the refund's rule, `seenByBuyer`, compares the same two times), or the delivery
 * otherwise changed since (staff's content, a refund: the order's `updated_at`).
 */
const unseenDelivery = or(
	isNull(orders.deliverySeenAt),
	lt(orders.deliverySeenAt, orders.updatedAt),
	sql`exists (select 1 from ${stockAssignments} where ${stockAssignments.orderId} = ${orders.id} and ${stockAssignments.assignedAt} > ${orders.deliverySeenAt})`,
)

/**
 * Records that the buyer sees the orders' delivered units from now, by the database's own clock, which
 * also stamped each assignment, read as the row is written (`clock_timestamp()`, not the transaction's
 * start): a unit the view shows, or staff reveal, was always assigned before the moment recorded. Only
 * orders with something the buyer has not seen yet are written (a page polled, My orders opened again,
 * write nothing); of two views at once, the second finds it recorded. Those rows come back as they are
 * now: the update waits for a refund holding the row. One statement for many orders.
 */
export async function markDeliverySeen(db: Db | Tx, orderIds: number[]): Promise<OrderRow[]> {
	if (!orderIds.length) return []
	return db
		.update(orders)
		.set({ deliverySeenAt: sql`clock_timestamp()` })
		.where(and(inArray(orders.id, orderIds), unseenDelivery))
		.returning()
}
