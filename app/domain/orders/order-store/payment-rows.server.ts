import { and, eq, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client.server'
import { prepared } from '../../../db/prepared.server'
import { orders } from '../../../db/schema'
import type { OrderRow } from '../order'
import { PAYMENT_TRANSITIONS } from '../order-state'
import { tellOrderEvent, type EventActor } from './transition.server'

// The order's one writer (ADR-036): how an order is being paid beside its state. The PayPro page's
// leased claim (ADR-010), the page and its id once made, the way the buyer chose to pay, and the
// receipt files of orders that ended unpaid.

/** Database time to the millisecond: the claim's value doubles as its holder's token. */
export const claimStamp = sql`date_trunc('milliseconds', clock_timestamp())`
const lapsed = (leaseSeconds: number) => sql`now() - make_interval(secs => ${leaseSeconds})`

/** Claims the order's PayPro page if nobody holds a live claim: the claim and the earlier PayPro id (an attempt that failed), or null. */
export async function claimPayproPage(db: Db, orderId: number, leaseSeconds: number): Promise<{ claimedAt: Date | null; failedPayproId: string | null } | null> {
	const [claimed] = await db
		.update(orders)
		.set({ payproClaimedAt: claimStamp })
		.where(and(eq(orders.id, orderId), isNull(orders.paymentUrl), or(isNull(orders.payproClaimedAt), lt(orders.payproClaimedAt, lapsed(leaseSeconds)))))
		.returning({ claimedAt: orders.payproClaimedAt, failedPayproId: orders.payproTransactionId })
	return claimed ?? null
}

/** Renews the claim held with `token`: the new token, or null when it lapsed and another request took it. */
export async function renewPayproClaim(db: Db, orderId: number, token: Date): Promise<Date | null> {
	const [row] = await db
		.update(orders)
		.set({ payproClaimedAt: claimStamp })
		.where(and(eq(orders.id, orderId), isNull(orders.paymentUrl), eq(orders.payproClaimedAt, token)))
		.returning({ claimedAt: orders.payproClaimedAt })
	return row?.claimedAt ?? null
}

/** Lets go of this request's own claim (PayPro failed): the buyer can retry. */
export async function releasePayproClaim(db: Db, orderId: number, token: Date): Promise<void> {
	await db
		.update(orders)
		.set({ payproClaimedAt: null })
		.where(and(eq(orders.id, orderId), eq(orders.payproClaimedAt, token)))
}

/** Stores a new PayPro order's page and id on its order, unless a page is already stored. */
export const storePaymentPage = (db: Db) =>
	prepared(db, 'storePaymentPage', (db) => {
		const payproId = sql`${sql.placeholder('payproId')}`
		return db
			.update(orders)
			.set({
				paymentUrl: sql`${sql.placeholder('paymentUrl')}`,
				payproTransactionId: payproId,
				// The earlier attempt's id stays findable: the buyer may quote the id its page showed.
				earlierPayproIds: sql`case when ${orders.payproTransactionId} is not null and ${orders.payproTransactionId} <> ${payproId} and not (${orders.payproTransactionId} = any(${orders.earlierPayproIds})) then array_append(${orders.earlierPayproIds}, ${orders.payproTransactionId}) else ${orders.earlierPayproIds} end`,
				payproClaimedAt: null,
				updatedAt: sql`now()`,
			})
			.where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.paymentUrl)))
			.returning({ paymentUrl: orders.paymentUrl })
	})

/** A PayPro page that can no longer be paid, on an order now paid another way: unlinked, the PayPro id kept for staff. */
export async function forgetPayproPage(db: Db, orderId: number, paymentUrl: string): Promise<void> {
	await db
		.update(orders)
		.set({ paymentUrl: null, updatedAt: new Date() })
		.where(and(eq(orders.id, orderId), eq(orders.paymentUrl, paymentUrl), ne(orders.paymentMethod, 'paypro')))
}

/**
 * The buyer, not paid yet, chose the other way to pay (only while `onlyIf` holds, when given): the
 * order row as it is now, or null when it no longer waits to be paid that way.
 */
export async function switchPaymentMethod(
	tx: Tx,
	orderId: number,
	method: string,
	{ by, storeName, onlyIf, transferAccountId }: { by: EventActor; storeName: string; onlyIf?: SQL; transferAccountId?: string },
): Promise<OrderRow | null> {
	const [row] = await tx
		.update(orders)
		// Switched to a transfer: it counts toward the account its buyer is shown first now (ADR-049).
		.set({ paymentMethod: method, updatedAt: new Date(), ...(transferAccountId ? { transferAccountId } : {}) })
		.where(and(eq(orders.id, orderId), onlyIf))
		.returning()
	if (row) await tellOrderEvent(tx, row, 'methodChanged', { by, storeName, facts: { method } })
	return row ?? null
}

/** Still waiting to be paid online or by transfer (not a DM order's arrangement), by `method`. */
export const waitsToBePaidBy = (method: string) => and(eq(orders.paymentStatus, PAYMENT_TRANSITIONS.payAgain.to), eq(orders.paymentMethod, method))

/** The receipts of these orders are gone from the file store (they ended unpaid): the orders keep the hash and time, not the file. */
export async function forgetReceiptFiles(db: Db, orderIds: number[], ended: SQL | undefined): Promise<void> {
	await db
		.update(orders)
		.set({ receiptPath: null })
		.where(and(inArray(orders.id, orderIds), like(orders.receiptPath, 'file:%'), ended))
}

/** A receipt moved from DATA_DIR/uploads into the file store: only if the order still points at the file read (a new upload in between wins). */
export async function moveReceiptKey(db: Db, orderId: number, from: string, to: string): Promise<boolean> {
	const [updated] = await db
		.update(orders)
		.set({ receiptPath: to })
		.where(and(eq(orders.id, orderId), eq(orders.receiptPath, from)))
		.returning({ id: orders.id })
	return Boolean(updated)
}
