import crypto from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/create-order.server'
import { notifyOrderChanged } from '../orders/notify-order.server'
import { logger } from '../../utils/logger.server'

import { RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_NOT_IMAGE, RECEIPT_TOO_LARGE, receiptType } from './receipt-rules'

export interface ReceiptStore {
	save(kind: string, bytes: Uint8Array, extension: string): Promise<string>
	remove(key: string): Promise<void>
}

/**
 * A transfer receipt for an order waiting for payment: checked by its bytes (not its name or the
 * type the browser claims), stored under a server-made name; the order then waits for staff.
 * A new receipt replaces the order's previous one, whose file is then removed.
 */
export async function attachReceipt(db: Db, store: ReceiptStore, order: Order, bytes: Uint8Array): Promise<Order> {
	if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', RECEIPT_MISSING)
	if (bytes.byteLength > RECEIPT_MAX_BYTES) throw new AppError('TOO_LARGE', RECEIPT_TOO_LARGE)
	const extension = receiptType(bytes)?.extension
	if (!extension) throw new AppError('BAD_REQUEST', RECEIPT_NOT_IMAGE)
	if (!['payment_pending', 'pending'].includes(order.status)) {
		throw new AppError('CONFLICT', `Order ${order.orderNumber} is not waiting for a payment receipt.`)
	}

	const key = await store.save('receipts', bytes, extension)
	const sha256 = crypto.createHash('sha256').update(bytes).digest('hex')
	let committed: { row: Order; previous: string | null }
	try {
		committed = await db.transaction(async (tx) => {
			// Locked, so of two uploads at once each replaces exactly the file the other left.
			const [current] = await tx.select({ receiptPath: orders.receiptPath }).from(orders).where(eq(orders.id, order.id)).for('update')
			const [row] = await tx
				.update(orders)
				.set({ receiptPath: key, receiptSha256: sha256, receiptUploadedAt: new Date(), status: 'pending', paymentMethod: 'manual', updatedAt: new Date() })
				.where(and(eq(orders.id, order.id), inArray(orders.status, ['payment_pending', 'pending'])))
				.returning()
			if (!row) throw new AppError('CONFLICT', `Order ${order.orderNumber} is not waiting for a payment receipt.`)
			await notifyOrderChanged(tx, row.orderNumber)
			return { row, previous: current?.receiptPath ?? null }
		})
	} catch (error) {
		await removeQuietly(store, key)
		throw error
	}
	// Only after the order points at the new file: a crash in between leaves an orphan for the sweep, never a missing receipt.
	if (committed.previous && committed.previous !== key) await removeQuietly(store, committed.previous)
	return committed.row
}

// A file left behind is only disk space: the sweep removes it later.
async function removeQuietly(store: ReceiptStore, key: string) {
	await store.remove(key).catch((error: unknown) => logger.warn({ err: error, key }, 'could not remove a receipt file'))
}
