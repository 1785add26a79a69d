import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, type OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/create-order.server'
import { notifyOrderChanged } from '../orders/notify-order.server'
import { PAID_STATUS } from '../orders/status'
import { recordAudit, type Actor } from '../staff/audit.server'
import { markPaidByStaff } from './mark-paid-by-staff.server'

// Product decision 5: a manual transfer waits (status 'pending' with a receipt) until staff confirm or reject it.

const WAITING_STATUS = 'pending'
const NOTE_MAX = 500

export const NOTE_REQUIRED = 'Please write a note: what you checked before confirming this transfer.'
export const REASON_REQUIRED = 'Please write a reason: the buyer sees it on their order page.'

const isWaiting = (order: Pick<Order, 'status' | 'receiptPath'>) => order.status === WAITING_STATUS && Boolean(order.receiptPath)
/** The same in SQL (a partial index in drizzle/0012 holds exactly these orders). */
export const transferWaiting = () => and(eq(orders.status, WAITING_STATUS), isNotNull(orders.receiptPath))

function requireText(text: string | null | undefined, message: string): string {
	const value = (text ?? '').trim()
	if (!value) throw new AppError('BAD_REQUEST', message)
	if (value.length > NOTE_MAX) throw new AppError('BAD_REQUEST', `Please keep it to ${NOTE_MAX} characters.`)
	return value
}

async function findByNumber(db: Db | Tx, orderNumber: string): Promise<Order> {
	const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) throw new AppError('NOT_FOUND', `No order ${orderNumber}.`)
	return order
}

const notWaiting = (order: Pick<Order, 'orderNumber' | 'status'>) =>
	new AppError('CONFLICT', `Order ${order.orderNumber} is not waiting for transfer confirmation (status: ${order.status}).`)

/**
 * Staff saw the money arrive: the order is paid through the same path as an online payment (one
 * paid email), and the audit entry commits with the change. Confirming again changes nothing.
 */
export async function confirmTransfer(db: Db, actor: Actor, orderNumber: string, note: string): Promise<{ changed: boolean; order: Order }> {
	const text = requireText(note, NOTE_REQUIRED)
	const order = await findByNumber(db, orderNumber)
	if (order.status === PAID_STATUS) return { changed: false, order }
	if (!isWaiting(order)) throw notWaiting(order)
	const { changed, current } = await markPaidByStaff(db, actor, order, { action: 'transfer.confirm', note: text, from: [WAITING_STATUS] })
	// Another member of staff got there first: confirmed (nothing to do) or rejected (say so).
	if (!changed && current.status !== PAID_STATUS) throw notWaiting(current)
	return { changed, order: current }
}

/** The transfer did not arrive or does not match: the order fails and the buyer sees why. */
export async function rejectTransfer(db: Db, actor: Actor, orderNumber: string, reason: string): Promise<Order> {
	const text = requireText(reason, REASON_REQUIRED)
	return db.transaction(async (tx) => {
		const [row] = await tx
			.update(orders)
			.set({ status: 'failed', rejectionReason: text, updatedAt: new Date() })
			.where(and(eq(orders.orderNumber, orderNumber), eq(orders.status, WAITING_STATUS), isNotNull(orders.receiptPath)))
			.returning()
		if (!row) throw notWaiting(await findByNumber(tx, orderNumber))
		await notifyOrderChanged(tx, row.orderNumber)
		await recordAudit(tx, actor, {
			action: 'transfer.reject',
			orderNumber: row.orderNumber,
			before: { status: WAITING_STATUS },
			after: { status: row.status, rejectionReason: text },
			note: text,
		})
		return row
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
	/** Other orders that carry the very same receipt file (same SHA-256): a reused screenshot. */
	sameReceiptAs: string[]
}

/** Orders waiting for staff to confirm a transfer, oldest receipt first, with reused receipts flagged. */
export async function listTransferQueue(db: Db): Promise<TransferQueueEntry[]> {
	const waiting = await db
		.select()
		.from(orders)
		.where(transferWaiting())
		.orderBy(asc(orders.receiptUploadedAt), asc(orders.id))
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
		sameReceiptAs: o.receiptSha256 ? sharing.filter((s) => s.receiptSha256 === o.receiptSha256 && s.orderNumber !== o.orderNumber).map((s) => s.orderNumber) : [],
	}))
}
