import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, type OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/order'
import { paymentFrom, paymentRefusal } from '../orders/order-state'
import { transition } from '../orders/order-store/transition.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { markPaidByStaff } from './mark-paid-by-staff.server'
import { withLines, withLinesOf } from '../orders/order-lines.server'
import { readStoreDetails } from '../settings/store-details.server'
import { checkedNote, confirmTransferInput, NOTE_REQUIRED, REASON_REQUIRED, rejectTransferInput, reopenTransferInput } from './staff-note'
import { isRejectedTransfer, isRejectedTransferSql, paidWithNothingReturned } from '../orders/order-facts'
import { lockOrder } from '../orders/order-store/transition.server'

// Product decision 5: a manual transfer waits (awaiting confirmation, with a receipt) until staff confirm or reject it.

const [WAITING_STATUS] = paymentFrom('confirmTransfer')
export { NOTE_REQUIRED, REASON_REQUIRED }

const isWaiting = (order: Pick<Order, 'paymentStatus' | 'receiptPath'>) => order.paymentStatus === WAITING_STATUS && Boolean(order.receiptPath)
/** The same in SQL (a partial index in drizzle/0012 holds exactly these orders). */
export const transferWaiting = () => and(eq(orders.paymentStatus, WAITING_STATUS!), isNotNull(orders.receiptPath))

/** A note the schema refuses: its sentence, for the form's note field too. */
const refuseNote = (message: string): never => {
	throw new AppError('BAD_REQUEST', message, { note: message })
}

async function findByNumber(db: Db | Tx, orderNumber: string): Promise<Order> {
	const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	const order = await withLinesOf(db, row)
	if (!order) throw new AppError('NOT_FOUND', `No order ${orderNumber}.`)
	return order
}

const notWaiting = (order: Pick<Order, 'orderNumber' | 'paymentStatus'>) => paymentRefusal(order.orderNumber, 'confirmTransfer', order.paymentStatus)

/**
 * Staff saw the money arrive: the order is paid through the same path as an online payment (one
 * paid email), and the audit entry commits with the change. Confirming again changes nothing.
 */
export async function confirmTransfer(db: Db, actor: Actor, orderNumber: string, note: string): Promise<{ changed: boolean; order: Order }> {
	const text = checkedNote(confirmTransferInput, note, refuseNote)
	const order = await findByNumber(db, orderNumber)
	if (paidWithNothingReturned(order)) return { changed: false, order }
	if (!isWaiting(order)) throw notWaiting(order)
	const { changed, current } = await markPaidByStaff(db, actor, order, { action: 'transfer.confirm', note: text, via: 'confirmTransfer' })
	// Another member of staff got there first: confirmed (nothing to do) or rejected (say so).
	if (!changed && !paidWithNothingReturned(current)) throw notWaiting(current)
	return { changed, order: current }
}

/** The transfer did not arrive or does not match: the order fails and the buyer sees why. */
export async function rejectTransfer(db: Db, actor: Actor, orderNumber: string, reason: string): Promise<Order> {
	const text = checkedNote(rejectTransferInput, reason, refuseNote)
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		// The move tells the open page, and asks the buyer for something: an email with the reason, and their phones.
		const row = await transition(tx, { orderNumber }, 'rejectTransfer', { rejectionReason: text }, { by: actor, storeName, facts: { reason: text }, onlyIf: isNotNull(orders.receiptPath) })
		await recordAudit(tx, actor, {
			action: 'transfer.reject',
			orderNumber: row.orderNumber,
			before: { paymentStatus: WAITING_STATUS },
			after: { paymentStatus: row.paymentStatus, rejectionReason: text },
			note: text,
		})
		return (await withLinesOf(tx, row))!
	})
}

/**
 * Staff take a rejection back (the money turned up after all): the receipt waits for review again, the
 * buyer's open page says so, and staff confirm it as any other transfer. Only a transfer whose receipt
 * was rejected; audited with the note and the reason it had been rejected for.
 */
export async function reopenTransfer(db: Db, actor: Actor, orderNumber: string, note: string): Promise<Order> {
	const text = checkedNote(reopenTransferInput, note, refuseNote)
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		const before = await lockOrder(tx, { orderNumber })
		if (!before) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
		if (!isRejectedTransfer(before)) {
			throw new AppError('CONFLICT', `Order ${orderNumber} cannot have its transfer reopened: only a bank transfer whose receipt was rejected can be.`)
		}
		const row = await transition(tx, { id: before.id }, 'reopenTransfer', { rejectionReason: null }, { by: actor, storeName, facts: { reason: text }, onlyIf: isRejectedTransferSql() })
		await recordAudit(tx, actor, {
			action: 'transfer.reopen',
			orderNumber: row.orderNumber,
			before: { paymentStatus: before.paymentStatus, rejectionReason: before.rejectionReason },
			after: { paymentStatus: row.paymentStatus },
			note: text,
		})
		return (await withLinesOf(tx, row))!
	})
}

export interface TransferQueueEntry {
	orderNumber: string
	totalAmount: number
	customerName: string | null
	customerEmail: string | null
	customerPhone: string | null
	items: OrderLine[]
	createdAt: Date
	receiptUploadedAt: Date | null
	/** The transaction ID and payer the buyer gave with the receipt (ADR-049); null on receipts sent before they were asked. */
	transferTid: string | null
	transferPayer: string | null
	/** Other orders that carry the very same receipt file (same SHA-256): a reused screenshot. */
	sameReceiptAs: string[]
}

/** Orders waiting for staff to confirm a transfer, oldest receipt first, with reused receipts flagged. */
export async function listTransferQueue(db: Db): Promise<TransferQueueEntry[]> {
	const waiting = await withLines(
		db,
		await db
			.select()
			.from(orders)
			.where(transferWaiting())
			.orderBy(asc(orders.receiptUploadedAt), asc(orders.id)),
	)
	const hashes = [...new Set(waiting.map((o) => o.receiptSha256).filter((h): h is string => Boolean(h)))]
	const sharing = hashes.length
		? await db
				.select({ orderNumber: orders.orderNumber, receiptSha256: orders.receiptSha256 })
				.from(orders)
				.where(inArray(orders.receiptSha256, hashes))
				.orderBy(asc(orders.id))
		: []
	return waiting.map((o) => ({
		orderNumber: o.orderNumber,
		totalAmount: o.totalAmount,
		customerName: o.customerName,
		customerEmail: o.customerEmail,
		customerPhone: o.customerPhone,
		items: o.productDetails,
		createdAt: o.createdAt,
		receiptUploadedAt: o.receiptUploadedAt,
		transferTid: o.transferTid,
		transferPayer: o.transferPayer,
		sameReceiptAs: o.receiptSha256 ? sharing.filter((s) => s.receiptSha256 === o.receiptSha256 && s.orderNumber !== o.orderNumber).map((s) => s.orderNumber) : [],
	}))
}
