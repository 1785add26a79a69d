import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders, statementCredits, statementMappings } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { formatRs } from '../../utils/money'
import { pakistanDate } from '../../utils/pakistan-time'
import { withLinesOf } from '../orders/order-lines.server'
import { paymentFrom } from '../orders/order-state'
import { readStoreDetails } from '../settings/store-details.server'
import { transferAccountId, type TransferAccount } from '../settings/store-details'
import { recordAudit, type Actor } from '../staff/audit.server'
import { markPaidByStaff } from './mark-paid-by-staff.server'
import { DATE_FORMATS, GUESSED_MAPPING, type StatementCredit, type StatementMapping } from './statement-format'
import { creditHash, readStatementCsv, readStatementLines } from './statement-lines.server'

// Transfers verified, not eyeballed (ADR-049). A receiving account's statement is matched with the
// orders waiting for a transfer: a credit of the order's amount carrying the TID its buyer gave
// confirms the order through staff's own path to paid (stock, emails, events as a confirmed
// transfer), audited as confirmed from the statement with its line; a credit that matches only in
// part is proposed to staff with the differences in words; the rest are listed. Credits are rows
// named by their hash: a statement imported twice, or twice at once, confirms each order once.

/** Days after the order was placed (its Pakistan day) a credit may arrive and still match; a day before is allowed for clocks and cut-offs. */
export const MATCH_DAYS_AFTER = 3
export const MATCH_DAYS_BEFORE = 1
/** Orders proposed for one credit, at most. */
const PROPOSALS_PER_CREDIT = 3
const INSERT_BATCH = 500

const UNPAID = paymentFrom('confirmByStaff')
/** A receipt waiting for staff: what a confirmed transfer starts from. */
const RECEIPT_WAITING = paymentFrom('confirmTransfer')

export interface CreditView {
	id: number
	line: number | null
	date: string
	amount: number
	reference: string
	payer: string
}

export interface Proposal {
	orderNumber: string
	credit: CreditView
	differences: string[]
}

export interface StatementResult {
	accountId: string
	/** Orders this import confirmed. */
	confirmed: string[]
	proposed: Proposal[]
	/** Credits that match no waiting order (or whose order is paid already). */
	unmatched: CreditView[]
	/** Credits already imported before (the same line again): matched afresh, never added twice. */
	alreadyImported: number
	skipped: { line: number; reason: string }[]
}

/** The receiving account an id names, or a 400 that lists the ids there are. */
export async function receivingAccount(db: Db, accountId: string): Promise<TransferAccount & { id: string }> {
	const { transferAccounts } = await readStoreDetails(db)
	const accounts = transferAccounts.map((a) => ({ ...a, id: transferAccountId(a) }))
	const found = accounts.find((a) => a.id === accountId)
	if (!found) {
		throw new AppError('BAD_REQUEST', `There is no receiving account “${accountId.slice(0, 60).replace(/[\u0000-\u001f\u007f]/g, '?')}”. The accounts are: ${accounts.map((a) => `${a.id} (${a.method})`).join(', ') || 'none yet (set them on /admin/store)'}.`)
	}
	return found
}

/** The columns kept for an account's statements, else the usual names. */
export async function statementMapping(db: Db, accountId: string): Promise<{ mapping: StatementMapping; kept: boolean }> {
	const [row] = await db.select().from(statementMappings).where(eq(statementMappings.accountId, accountId)).limit(1)
	if (!row) return { mapping: GUESSED_MAPPING, kept: false }
	const format = (DATE_FORMATS as readonly string[]).includes(row.mapping.dateFormat) ? (row.mapping.dateFormat as StatementMapping['dateFormat']) : GUESSED_MAPPING.dateFormat
	return { mapping: { ...row.mapping, dateFormat: format }, kept: true }
}

/** Keeps the columns chosen for an account's statements (the next import starts with them). */
export async function keepStatementMapping(db: Db, accountId: string, mapping: StatementMapping): Promise<void> {
	await db
		.insert(statementMappings)
		.values({ accountId, mapping, updatedAt: new Date() })
		.onConflictDoUpdate({ target: statementMappings.accountId, set: { mapping, updatedAt: new Date() } })
}

interface Waiting {
	id: number
	orderNumber: string
	totalAmount: number
	paymentStatus: string
	receiptPath: string | null
	transferTid: string | null
	transferPayer: string | null
	customerName: string | null
	createdAt: Date
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)

/** Days from the order's Pakistan day to the credit's: 0 the same day, negative before. */
const daysAfterOrder = (order: Waiting, credit: Pick<StatementCredit, 'date'>) => dayNumber(credit.date) - dayNumber(pakistanDate(order.createdAt))
const inWindow = (days: number) => days >= -MATCH_DAYS_BEFORE && days <= MATCH_DAYS_AFTER

const nameWords = (text: string | null) =>
	new Set(
		(text ?? '')
			.toLowerCase()
			.normalize('NFKD')
			.replace(/[^\p{L}\s]/gu, ' ')
			.split(/\s+/)
			.filter((w) => w.length >= 3),
	)

/** Whether the statement's payer shares a name with the buyer (their checkout name or the payer they wrote); unknown when the statement names none. */
function payerMatches(order: Waiting, payer: string): boolean | null {
	const said = nameWords(payer)
	if (said.size === 0) return null
	const known = new Set([...nameWords(order.customerName), ...nameWords(order.transferPayer)])
	for (const w of said) if (known.has(w)) return true
	return false
}

const daysText = (days: number) => (days < 0 ? `credited ${-days} day${days === -1 ? '' : 's'} before the order was placed` : `credited ${days} days after the order was placed (matches look ${MATCH_DAYS_AFTER} days ahead)`)

/** What differs between a credit and an order, in words; empty when it is an exact match. */
function differencesOf(order: Waiting, credit: StatementCredit): string[] {
	const differences: string[] = []
	if (credit.amount !== order.totalAmount) differences.push(`amount differs: the statement shows ${formatRs(credit.amount)}, the order is ${formatRs(order.totalAmount)}`)
	if (!order.transferTid) differences.push(order.receiptPath ? 'the buyer gave no transaction ID' : 'the buyer has not uploaded a receipt or transaction ID yet')
	else if (!credit.reference) differences.push(`the statement line has no reference; the buyer gave TID ${order.transferTid}`)
	else if (credit.reference !== order.transferTid) differences.push(`TID differs: the statement shows ${credit.reference}, the buyer gave ${order.transferTid}`)
	const days = daysAfterOrder(order, credit)
	if (!inWindow(days)) differences.push(daysText(days))
	const payer = payerMatches(order, credit.payer)
	if (payer === false) differences.push(`payer differs: the statement names “${credit.payer}”, the buyer is ${order.customerName ?? 'unnamed'}${order.transferPayer ? ` (paid from “${order.transferPayer}”)` : ''}`)
	return differences
}

/** Only the amount, the TID and the day decide an exact match; a payer's name written otherwise is noted, not a reason to wait. */
const isExact = (order: Waiting, credit: StatementCredit) =>
	Boolean(credit.reference) && credit.reference === order.transferTid && credit.amount === order.totalAmount && inWindow(daysAfterOrder(order, credit)) && RECEIPT_WAITING.includes(order.paymentStatus as (typeof RECEIPT_WAITING)[number]) && Boolean(order.receiptPath)

const statementNote = (accountLabel: string, credit: Pick<StatementCredit, 'date' | 'amount' | 'reference' | 'payer'>, line: number | null) =>
	`Confirmed from the statement of ${accountLabel}${line ? `, line ${line}` : ''}: ${credit.date}, ${formatRs(credit.amount)}, reference ${credit.reference || 'none'}, from ${credit.payer || 'no payer named'}.`

/**
 * The order paid with this credit, by staff's own path (a receipt waiting: as a confirmed transfer;
 * no receipt yet: as staff's confirmation): the credit records the order in the same transaction,
 * and the unique index on it lets one credit confirm one order. False when the order was paid already.
 */
async function confirmWithCredit(db: Db, actor: Actor, orderId: number, creditId: number, note: string, statement: { account: string; line: number | null; chosen: boolean }): Promise<boolean> {
	const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
	const order = await withLinesOf(db, row)
	if (!order || !UNPAID.includes(order.paymentStatus)) return false
	const via = RECEIPT_WAITING.includes(order.paymentStatus) && order.receiptPath ? 'confirmTransfer' : 'confirmByStaff'
	const { changed } = await markPaidByStaff(db, actor, order, {
		action: 'transfer.confirm-statement',
		note,
		via,
		// The paid event says it was confirmed from this statement (its account and line), not by staff's eye.
		facts: { fromStatement: statement.account, statementLine: statement.line, statementCredit: creditId, chosenByStaff: statement.chosen },
		onCommitted: async (tx) => {
			const claimed = await tx
				.update(statementCredits)
				.set({ orderId, confirmedAt: new Date() })
				.where(and(eq(statementCredits.id, creditId), isNull(statementCredits.orderId)))
				.returning({ id: statementCredits.id })
			// Another import or member of staff used this credit for an order first: this payment is undone with it.
			if (claimed.length === 0) throw new AppError('CONFLICT', 'This statement credit has already confirmed another order.')
		},
	})
	return changed
}

const waitingOrders = (db: Db) =>
	db
		.select({
			id: orders.id,
			orderNumber: orders.orderNumber,
			totalAmount: orders.totalAmount,
			paymentStatus: orders.paymentStatus,
			receiptPath: orders.receiptPath,
			transferTid: orders.transferTid,
			transferPayer: orders.transferPayer,
			customerName: orders.customerName,
			createdAt: orders.createdAt,
		})
		.from(orders)
		.where(and(eq(orders.paymentMethod, 'manual'), inArray(orders.paymentStatus, [...UNPAID])))

/** Proposals for one credit: orders with its TID, else orders of its amount placed in the window; never more than a few. */
function proposalsFor(credit: StatementCredit, byTid: Map<string, Waiting>, byAmount: Map<number, Waiting[]>): Waiting[] {
	const found: Waiting[] = []
	const tidOrder = credit.reference ? byTid.get(credit.reference) : undefined
	if (tidOrder) found.push(tidOrder)
	for (const order of byAmount.get(credit.amount) ?? []) {
		if (found.length >= PROPOSALS_PER_CREDIT) break
		if (order !== tidOrder && inWindow(daysAfterOrder(order, credit))) found.push(order)
	}
	return found
}

/**
 * Matches a statement's credits with the orders waiting for a transfer into this account (see the
 * file's head). Any member of staff may, as any may confirm a transfer; the import is audited.
 */
export async function importStatement(db: Db, actor: Actor, accountId: string, read: { credits: StatementCredit[]; skipped: { line: number; reason: string }[] }): Promise<StatementResult> {
	const account = await receivingAccount(db, accountId)
	const label = `${account.method} ${account.account}`
	// One credit per hash: the same line twice in a file is one credit.
	const unique = new Map<string, StatementCredit>()
	for (const credit of read.credits) if (!unique.has(creditHash(accountId, credit))) unique.set(creditHash(accountId, credit), credit)
	const entries = [...unique.entries()]

	const inserted = new Set<string>()
	for (let i = 0; i < entries.length; i += INSERT_BATCH) {
		const batch = entries.slice(i, i + INSERT_BATCH)
		const rows = await db
			.insert(statementCredits)
			.values(batch.map(([hash, c]) => ({ accountId, lineHash: hash, creditedOn: c.date, amount: c.amount, reference: c.reference, payer: c.payer, importedBy: actor.label })))
			.onConflictDoNothing({ target: statementCredits.lineHash })
			.returning({ lineHash: statementCredits.lineHash })
		for (const row of rows) inserted.add(row.lineHash)
	}
	const stored = new Map<string, { id: number; orderId: number | null }>()
	for (let i = 0; i < entries.length; i += INSERT_BATCH) {
		const hashes = entries.slice(i, i + INSERT_BATCH).map(([hash]) => hash)
		const rows = await db.select({ id: statementCredits.id, lineHash: statementCredits.lineHash, orderId: statementCredits.orderId }).from(statementCredits).where(inArray(statementCredits.lineHash, hashes))
		for (const row of rows) stored.set(row.lineHash, row)
	}

	const waiting = await waitingOrders(db)
	const byTid = new Map(waiting.filter((o) => o.transferTid).map((o) => [o.transferTid!, o]))
	const byAmount = new Map<number, Waiting[]>()
	for (const order of waiting) byAmount.set(order.totalAmount, [...(byAmount.get(order.totalAmount) ?? []), order])

	const result: StatementResult = { accountId, confirmed: [], proposed: [], unmatched: [], alreadyImported: entries.length - inserted.size, skipped: read.skipped.slice(0, 200) }
	for (const [hash, credit] of entries) {
		const row = stored.get(hash)
		// Confirmed an order before: nothing left to do with it.
		if (!row || row.orderId !== null) continue
		const view: CreditView = { id: row.id, line: credit.line, date: credit.date, amount: credit.amount, reference: credit.reference, payer: credit.payer }
		const exact = credit.reference ? byTid.get(credit.reference) : undefined
		if (exact && isExact(exact, credit)) {
			const done = await confirmWithCredit(db, actor, exact.id, row.id, statementNote(label, credit, credit.line), { account: label, line: credit.line, chosen: false }).catch((error: unknown) => {
				if (error instanceof AppError && error.code === 'CONFLICT') return false
				throw error
			})
			byTid.delete(credit.reference)
			if (done) result.confirmed.push(exact.orderNumber)
			// Not done: another import (or staff) paid it a moment ago; it is no one's to propose now.
			continue
		}
		const candidates = proposalsFor(credit, byTid, byAmount)
		if (candidates.length === 0) result.unmatched.push(view)
		for (const order of candidates) result.proposed.push({ orderNumber: order.orderNumber, credit: view, differences: differencesOf(order, credit) })
	}
	await recordAudit(db, actor, {
		action: 'transfer.statement-import',
		target: `receiving account ${accountId}`,
		after: { credits: entries.length, new: inserted.size, confirmed: result.confirmed, proposed: result.proposed.length, unmatched: result.unmatched.length },
	})
	return result
}

/**
 * Staff confirm a proposed order with a credit of the statement (the differences seen): paid by the
 * same path as an exact match, audited with the credit's line. A credit confirms one order.
 */
export async function confirmOrderWithCredit(db: Db, actor: Actor, creditId: number, orderNumber: string): Promise<{ changed: boolean }> {
	const [credit] = await db.select().from(statementCredits).where(eq(statementCredits.id, creditId)).limit(1)
	if (!credit) throw new AppError('NOT_FOUND', `There is no statement credit ${creditId}.`)
	const [order] = await db.select({ id: orders.id, orderNumber: orders.orderNumber, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) throw new AppError('NOT_FOUND', `No order ${orderNumber}.`)
	if (credit.orderId === order.id) return { changed: false }
	if (credit.orderId !== null) throw new AppError('CONFLICT', 'This statement credit has already confirmed another order.')
	if (!UNPAID.includes(order.paymentStatus)) throw new AppError('CONFLICT', `Order ${orderNumber} is not waiting for payment, so a credit cannot confirm it.`)
	const account = await receivingAccount(db, credit.accountId).catch(() => null)
	const label = account ? `${account.method} ${account.account}` : credit.accountId
	const changed = await confirmWithCredit(db, actor, order.id, credit.id, `${statementNote(label, { date: credit.creditedOn, amount: credit.amount, reference: credit.reference, payer: credit.payer }, null)} Chosen by staff.`, { account: label, line: null, chosen: true })
	if (!changed) throw new AppError('CONFLICT', `Order ${orderNumber} was paid in the meantime.`)
	return { changed }
}

/** An account's credits not used for an order yet (newest first, the last 60 days, at most 200), each with its proposals: the statement page's list. */
export async function openCredits(db: Db, accountId: string): Promise<{ proposed: Proposal[]; unmatched: CreditView[] }> {
	const since = pakistanDate(new Date(Date.now() - 60 * 86_400_000))
	const rows = await db
		.select()
		.from(statementCredits)
		.where(and(eq(statementCredits.accountId, accountId), isNull(statementCredits.orderId), gte(statementCredits.creditedOn, since)))
		.orderBy(desc(statementCredits.creditedOn), desc(statementCredits.id))
		.limit(200)
	const waiting = await waitingOrders(db)
	const byTid = new Map(waiting.filter((o) => o.transferTid).map((o) => [o.transferTid!, o]))
	const byAmount = new Map<number, Waiting[]>()
	for (const order of waiting) byAmount.set(order.totalAmount, [...(byAmount.get(order.totalAmount) ?? []), order])
	const proposed: Proposal[] = []
	const unmatched: CreditView[] = []
	for (const row of rows) {
		const credit: StatementCredit = { line: 0, date: row.creditedOn, amount: row.amount, reference: row.reference, payer: row.payer }
		const view: CreditView = { id: row.id, line: null, date: row.creditedOn, amount: row.amount, reference: row.reference, payer: row.payer }
		const candidates = proposalsFor(credit, byTid, byAmount)
		if (candidates.length === 0) unmatched.push(view)
		for (const order of candidates) proposed.push({ orderNumber: order.orderNumber, credit: view, differences: differencesOf(order, credit) })
	}
	return { proposed, unmatched }
}

/** How many credits an account's statements have confirmed orders with (the page's summary). */
export async function confirmedCreditCount(db: Db, accountId: string): Promise<number> {
	const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(statementCredits).where(and(eq(statementCredits.accountId, accountId), sql`${statementCredits.orderId} is not null`))
	return row?.n ?? 0
}

export type StatementInput =
	| { accountId: string; kind: 'csv'; text: string; mapping: Partial<StatementMapping> | null }
	| { accountId: string; kind: 'lines'; lines: { date: string; amount: string | number; reference?: string; payer?: string }[] }

const COLUMN_NAMES: Record<'date' | 'amount' | 'reference' | 'payer', string> = { date: 'the date', amount: 'the credit', reference: 'the reference', payer: 'the payer' }

/**
 * A statement as staff send it: a CSV read with the account's columns (the columns sent with it are
 * kept for the account first), or lines; then matched (importStatement).
 */
export async function importStatementFrom(db: Db, actor: Actor, input: StatementInput): Promise<StatementResult> {
	await receivingAccount(db, input.accountId)
	if (input.kind === 'lines') return importStatement(db, actor, input.accountId, readStatementLines(input.lines))
	let { mapping } = await statementMapping(db, input.accountId)
	if (input.mapping) {
		const chosen = { ...mapping }
		for (const key of ['date', 'amount', 'reference', 'payer'] as const) {
			const value = input.mapping[key]
			if (value === undefined) continue
			if (!value.trim()) throw new AppError('BAD_REQUEST', `Name the column that holds ${COLUMN_NAMES[key]}.`, { [`${key}Column`]: `Name the column that holds ${COLUMN_NAMES[key]}.` })
			chosen[key] = value.trim().slice(0, 100)
		}
		if (input.mapping.dateFormat) chosen.dateFormat = input.mapping.dateFormat
		mapping = chosen
	}
	const read = readStatementCsv(input.text, mapping)
	// Kept once the statement read with it: the next import of this account starts with these columns.
	if (input.mapping) await keepStatementMapping(db, input.accountId, mapping)
	return importStatement(db, actor, input.accountId, read)
}
