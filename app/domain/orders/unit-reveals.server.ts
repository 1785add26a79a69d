import crypto from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { unitReveals, type RevealView, type UnitReveal } from '../../db/schema'
import { deliveryKey } from '../fulfillment/delivery-crypto.server'

// The one writer of unit_reveals (ADR-050): each reveal of a delivered unit in full, by the buyer or by
// staff. The first reveal of a unit is marked `first` (one per unit: a unique partial index), so of two
// taps at once one is the first and the other a repeat; repeats are kept up to a bound per unit, so a
// script tapping Reveal in a loop cannot fill the table. The client's address and device are kept as
// keyed hashes (HMAC-SHA256 under a key derived from the delivery key, which every shop has): staff and
// a card dispute can tell two reveals from the same place apart from others, never read the address.

/** Rows kept per unit: its first reveal and this many more (the evidence lists them). */
export const REVEALS_KEPT_PER_UNIT = 20

/** Who revealed: the buyer, or a staff member as the audit log names them. */
export type Revealer = { kind: 'buyer' } | { kind: 'staff'; staffId: number | null; name: string }

/** The client a reveal came from, as the request said it (hashed before it is stored). */
export interface RevealClient {
	address: string | null
	device: string | null
}

/** The keyed hash of a client's address or user agent (hex); null when there is none. */
export function clientHash(kind: 'address' | 'device', value: string | null): string | null {
	if (!value) return null
	return crypto.createHmac('sha256', hashKey(kind)).update(value.slice(0, 1000)).digest('hex')
}

/** The keys derived from the delivery key, once per key loaded (every checkout hashes its client). */
const derived = new Map<string, { from: Buffer; key: Buffer }>()
function hashKey(kind: 'address' | 'device'): Buffer {
	const from = deliveryKey()
	const known = derived.get(kind)
	if (known?.from === from) return known.key
	const key = Buffer.from(crypto.hkdfSync('sha256', from, Buffer.alloc(0), `unit-reveal-${kind}-v1`, 32))
	derived.set(kind, { from, key })
	return key
}

/**
 * Records one reveal of a unit (its assignment, or null for the content typed by hand) in the caller's
 * transaction; answers whether it was the unit's first. The database's clock stamps it.
 */
export async function recordReveal(
	tx: Tx,
	reveal: { orderId: number; assignmentId: number | null; view: RevealView; by: Revealer; client: RevealClient },
): Promise<{ first: boolean }> {
	const row = {
		orderId: reveal.orderId,
		assignmentId: reveal.assignmentId,
		view: reveal.view,
		byKind: reveal.by.kind,
		staffId: reveal.by.kind === 'staff' ? reveal.by.staffId : null,
		staffName: reveal.by.kind === 'staff' ? reveal.by.name.slice(0, 200) : null,
		addressHash: clientHash('address', reveal.client.address),
		deviceHash: clientHash('device', reveal.client.device),
	}
	const first = await tx
		.insert(unitReveals)
		.values({ ...row, first: true })
		.onConflictDoNothing()
		.returning({ id: unitReveals.id })
	if (first.length) return { first: true }
	const unit = reveal.assignmentId == null ? sql`${unitReveals.assignmentId} is null` : eq(unitReveals.assignmentId, reveal.assignmentId)
	const [{ n } = { n: 0 }] = await tx
		.select({ n: sql<number>`count(*)::int` })
		.from(unitReveals)
		.where(and(eq(unitReveals.orderId, reveal.orderId), unit))
	if (n <= REVEALS_KEPT_PER_UNIT) await tx.insert(unitReveals).values(row)
	return { first: false }
}

/** The first reveal of each unit of the orders (assignment id, or null for the content typed by hand). */
export async function firstReveals(db: Db | Tx, orderIds: number[]): Promise<Pick<UnitReveal, 'orderId' | 'assignmentId' | 'revealedAt' | 'byKind'>[]> {
	if (!orderIds.length) return []
	return db
		.select({ orderId: unitReveals.orderId, assignmentId: unitReveals.assignmentId, revealedAt: unitReveals.revealedAt, byKind: unitReveals.byKind })
		.from(unitReveals)
		.where(and(inArray(unitReveals.orderId, orderIds), eq(unitReveals.first, true)))
}

/** Every reveal of an order, oldest first: the console's order page and the evidence. */
export async function revealsOfOrder(db: Db | Tx, orderId: number, limit = 1000): Promise<UnitReveal[]> {
	return db.select().from(unitReveals).where(eq(unitReveals.orderId, orderId)).orderBy(asc(unitReveals.id)).limit(limit)
}

/** How the console names a reveal: when, which view, by whom, and the client's hashes as short prefixes. */
export interface RevealSummary {
	at: string
	view: RevealView
	by: string
	address: string | null
	device: string | null
}

/** Per unit of an order (assignment id, or null for the content typed by hand): its first reveal and how many were recorded. */
export async function revealSummaries(db: Db | Tx, orderId: number): Promise<Map<number | null, { first: RevealSummary | null; count: number }>> {
	const byUnit = new Map<number | null, { first: RevealSummary | null; count: number }>()
	for (const r of await revealsOfOrder(db, orderId)) {
		const entry = byUnit.get(r.assignmentId) ?? { first: null, count: 0 }
		entry.count++
		if (r.first) entry.first = { at: r.revealedAt.toISOString(), view: r.view, by: r.byKind === 'buyer' ? 'the buyer' : (r.staffName ?? 'staff'), address: r.addressHash?.slice(0, 8) ?? null, device: r.deviceHash?.slice(0, 8) ?? null }
		byUnit.set(r.assignmentId, entry)
	}
	return byUnit
}
