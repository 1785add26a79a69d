import { and, eq, isNull } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Tx } from '../../../db/client.server'
import { orders } from '../../../db/schema'
import type { OrderRow } from '../order'
import { tellOrderEvent, type EventActor } from './transition.server'

// The order's one writer (ADR-036): what was delivered beside the delivery state. The content the
// buyer reads, what stock still owes, and a test order's approval (when the buyer saw
// their codes is recorded per unit, in unit_reveals: ADR-050; `delivery_seen_at` is kept for orders seen before).
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

