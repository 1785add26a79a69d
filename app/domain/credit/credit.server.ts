import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { creditAccounts, creditEntries, orders } from '../../db/schema'
import type { CreditKind } from '../../db/order-states'
import type { Actor } from '../staff/audit.server'
import { creditEmail, CREDIT_HISTORY_LIMIT, type CreditEntryView, type CreditView } from './credit'

// A buyer's store credit (ADR-051), the one writer of credit_accounts and credit_entries. Every change
// runs in its caller's transaction (a refund's, a checkout's, a return's) and holds the buyer's account
// row first (`for update`): changes to one balance go one after another, on PGlite and PostgreSQL, and
// the account's CHECK keeps the balance at zero or more whatever happens. Entries are inserted, never
// changed: their sum is the balance.

/** Who made an entry: staff (or an API key), the buyer, or the shop itself (an order that ended unpaid). */
export type CreditActor = Actor | 'buyer' | 'shop'

export interface CreditChange {
	kind: CreditKind
	/** Whole rupees, + or −. */
	amount: number
	orderId?: number | null
	refundId?: number | null
	reason?: string | null
	by: CreditActor
}

/** The buyer's account row, held to the end of the transaction (made at zero the first time): their balance. */
async function holdAccount(tx: Tx, email: string): Promise<number> {
	await tx.insert(creditAccounts).values({ email }).onConflictDoNothing({ target: creditAccounts.email })
	const [row] = await tx.select({ balance: creditAccounts.balance }).from(creditAccounts).where(eq(creditAccounts.email, email)).for('update')
	return row!.balance
}

/** Writes one entry and the balance it leaves, the account held: the new balance. */
async function write(tx: Tx, email: string, balance: number, change: CreditChange): Promise<number> {
	const after = balance + change.amount
	const staff = typeof change.by === 'object' ? change.by : null
	await tx.insert(creditEntries).values({
		email,
		kind: change.kind,
		amount: change.amount,
		balanceAfter: after,
		orderId: change.orderId ?? null,
		refundId: change.refundId ?? null,
		staffId: staff?.staffId ?? null,
		actor: staff ? staff.label : (change.by as string),
		reason: change.reason ? change.reason.slice(0, 500) : null,
	})
	await tx.update(creditAccounts).set({ balance: after, updatedAt: sql`now()` }).where(eq(creditAccounts.email, email))
	return after
}

/** Adds credit (a refund to credit, a returned unit, spent credit given back): the new balance. */
export async function addCredit(tx: Tx, rawEmail: string, change: CreditChange): Promise<number> {
	if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error(`Store credit added must be whole rupees above zero, not ${change.amount}.`)
	const email = creditEmail(rawEmail)
	return write(tx, email, await holdAccount(tx, email), change)
}

/**
 * Spends up to `most` rupees of the buyer's credit on an order being placed, in its transaction: what
 * was spent (the balance, if lower; 0 when there is none). Concurrent checkouts of one buyer wait for
 * each other here, so the credit is spent once.
 */
export async function spendCredit(tx: Tx, rawEmail: string, most: number, orderId: number): Promise<number> {
	const email = creditEmail(rawEmail)
	if (most <= 0) return 0
	const balance = await holdAccount(tx, email)
	const spent = Math.min(balance, most)
	if (spent <= 0) return 0
	// A second write of the account in one transaction finds it held already: the same balance.
	await write(tx, email, balance, { kind: 'spent', amount: -spent, orderId, by: 'buyer' })
	return spent
}

/**
 * An order that spent credit ended unpaid (expired, cancelled): the credit goes back to its buyer, once
 * (an order expired and later cancelled gives it back at its first end). Answers what came back.
 */
export async function giveBackSpentCredit(tx: Tx, order: { id: number; customerEmail: string | null; creditUsed: number }, reason: string): Promise<number> {
	if (order.creditUsed <= 0 || !order.customerEmail) return 0
	const email = creditEmail(order.customerEmail)
	const balance = await holdAccount(tx, email)
	const [spent] = await tx
		.select({ kind: creditEntries.kind, amount: creditEntries.amount })
		.from(creditEntries)
		.where(and(eq(creditEntries.orderId, order.id), sql`${creditEntries.kind} in ('spent', 'spend_reversed')`))
		.orderBy(desc(creditEntries.id))
		.limit(1)
	// Nothing spent, or given back already (the account held: a concurrent end waits, then finds it here).
	if (!spent || spent.kind !== 'spent') return 0
	await write(tx, email, balance, { kind: 'spend_reversed', amount: -spent.amount, orderId: order.id, reason, by: 'shop' })
	return -spent.amount
}

/** The buyer's balance, their account held to the end of the transaction (a checkout holds it before placing the order that spends it). */
export const holdCreditBalance = (tx: Tx, rawEmail: string): Promise<number> => holdAccount(tx, creditEmail(rawEmail))

/** The buyer's balance (0 with no account). */
export async function creditBalance(db: Db | Tx, rawEmail: string): Promise<number> {
	const [row] = await db.select({ balance: creditAccounts.balance }).from(creditAccounts).where(eq(creditAccounts.email, creditEmail(rawEmail)))
	return row?.balance ?? 0
}

/** The balance and the latest entries, newest first (at most CREDIT_HISTORY_LIMIT). */
export async function readCredit(db: Db, rawEmail: string): Promise<CreditView> {
	const email = creditEmail(rawEmail)
	const balance = await creditBalance(db, email)
	const rows = await db
		.select({ id: creditEntries.id, kind: creditEntries.kind, amount: creditEntries.amount, balanceAfter: creditEntries.balanceAfter, orderNumber: orders.orderNumber, reason: creditEntries.reason, by: creditEntries.actor, createdAt: creditEntries.createdAt })
		.from(creditEntries)
		.leftJoin(orders, eq(orders.id, creditEntries.orderId))
		.where(eq(creditEntries.email, email))
		.orderBy(desc(creditEntries.id))
		.limit(CREDIT_HISTORY_LIMIT)
	const entries: CreditEntryView[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
	return { email, balance, entries }
}
