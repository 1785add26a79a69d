import { and, eq, inArray, like, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { files, orders } from '../../db/schema'
import { logger } from '../../utils/logger.server'
import type { FileStore } from '../files/file-store.server'
import { receiptKey, receiptOwner } from './attach-receipt.server'
import { diskReceiptContentType } from './read-receipt.server'
import { forgetReceiptFiles, moveReceiptKey } from '../orders/order-store/payment-rows.server'

/** Receipt files under DATA_DIR/uploads, from before the file store. */
export interface ReceiptFiles {
	list(kind: string): Promise<{ key: string; modifiedAt: Date }[]>
	remove(key: string): Promise<void>
}

/** The same folder, read a file at a time to move it into the file store. */
export interface DiskReceiptFiles {
	stream(key: string): AsyncIterable<Uint8Array> | null
	remove(key: string): Promise<void>
}

const BATCH = 500

/**
 * Removes receipt files under DATA_DIR/uploads that no order references (replaced, or left by an
 * upload that failed). Only files older than `olderThanMinutes`: a file just written may belong to
 * an upload whose order update has not committed yet. Returns how many were removed.
 */
export async function sweepReceiptFiles(db: Db, files: ReceiptFiles, { olderThanMinutes = 60, now = new Date() } = {}): Promise<number> {
	const cutoff = now.getTime() - olderThanMinutes * 60_000
	const old = (await files.list('receipts')).filter((file) => file.modifiedAt.getTime() < cutoff)
	let removed = 0
	for (let i = 0; i < old.length; i += BATCH) {
		const keys = old.slice(i, i + BATCH).map((file) => file.key)
		const referenced = new Set(
			(await db.select({ receiptPath: orders.receiptPath }).from(orders).where(inArray(orders.receiptPath, keys))).map((row) => row.receiptPath),
		)
		for (const key of keys) {
			if (referenced.has(key)) continue
			await files.remove(key)
			removed++
		}
	}
	return removed
}

/**
 * The receipts of orders that ended unpaid are not kept: an expired order's at once (the expiry
 * sweep), a rejected or cancelled one's once it has been so for the expiry time (the buyer may
 * still ask about it). The order keeps the hash and time of its last receipt, not the file.
 */
export async function sweepUnpaidOrderReceipts(db: Db, store: FileStore, { expiryHours, now = new Date() }: { expiryHours: number; now?: Date }): Promise<number> {
	const before = new Date(now.getTime() - expiryHours * 3_600_000)
	const ended = or(eq(orders.paymentStatus, 'expired'), and(inArray(orders.paymentStatus, ['failed', 'cancelled']), lt(orders.updatedAt, before)))
	let removed = 0
	for (;;) {
		const rows = await db
			.select({ fileId: files.id, orderId: orders.id })
			.from(files)
			.innerJoin(orders, eq(files.owner, sql`'order:' || ${orders.id}`))
			.where(and(eq(files.kind, 'receipt'), ended))
			.limit(BATCH)
		if (rows.length === 0) return removed
		await store.delete(rows.map((r) => r.fileId))
		const orderIds = [...new Set(rows.map((r) => r.orderId))]
		await forgetReceiptFiles(db, orderIds, ended)
		removed += rows.length
		if (rows.length < BATCH) return removed
	}
}

/**
 * Moves the receipts still under this server's DATA_DIR/uploads into the file store, so that every
 * instance serves them: run at start, safe to run again (an order already moved is not read; a
 * file another server holds is left to that server). Until moved, a receipt is served from disk.
 */
export async function moveDiskReceipts(db: Db, store: FileStore, disk: DiskReceiptFiles): Promise<{ moved: number; missing: number }> {
	const waiting = await db.select({ id: orders.id, receiptPath: orders.receiptPath }).from(orders).where(like(orders.receiptPath, 'receipts/%'))
	let moved = 0
	let missing = 0
	for (const order of waiting) {
		const key = order.receiptPath!
		const source = disk.stream(key)
		if (!source) {
			missing++
			continue
		}
		const contentType = diskReceiptContentType(key) ?? 'application/octet-stream'
		try {
			const file = await store.put(source, { kind: 'receipt', owner: receiptOwner(order.id), contentType, uploader: null })
			// Only if the order still points at the file read: a new upload in between wins.
			if (!(await moveReceiptKey(db, order.id, key, receiptKey(file.id)))) {
				await store.delete(file.id)
				continue
			}
			await disk.remove(key)
			moved++
		} catch (error) {
			// Not there after all (another server's file), or unreadable: left where it is, still served from there.
			missing++
			logger.warn({ err: error, key }, 'uploads: could not move a receipt from DATA_DIR/uploads into the file store; it is served from disk')
		}
	}
	return { moved, missing }
}

