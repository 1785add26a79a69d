import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { filesOf, type FileStore } from '../files/file-store.server'
import { receiptOwner } from './attach-receipt.server'

/** Receipts kept under DATA_DIR/uploads before the file store: served from there until they are moved (moveDiskReceipts). */
export interface DiskReceipts {
	read(key: string): Promise<Buffer | null>
}

export interface ReceiptFile {
	contentType: string
	byteSize: number
	/** The bytes, read a chunk at a time as they are sent. */
	body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>
}

// A file named by the server before the file store: its extension is one the upload chose from the bytes.
const DISK_CONTENT_TYPES: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	webp: 'image/webp',
	gif: 'image/gif',
	heic: 'image/heic',
	heif: 'image/heif',
}

/** The content type of a receipt file under DATA_DIR/uploads, by the extension the server gave it; null for any other name. */
export const diskReceiptContentType = (key: string): string | null => DISK_CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? null

/**
 * An order's transfer receipt: the current one, or with `fileId` one it replaced (the order's
 * history); null when there is none. A receipt still on this server's disk is read from there.
 */
export async function readReceipt(db: Db, store: FileStore, disk: DiskReceipts, orderNumber: string, { fileId }: { fileId?: string } = {}): Promise<ReceiptFile | null> {
	const [order] = await db.select({ id: orders.id, receiptPath: orders.receiptPath }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) return null
	const key = fileId ? `file:${fileId}` : order.receiptPath
	if (!key) return null
	if (key.startsWith('file:')) {
		const file = await store.get(key.slice('file:'.length))
		// Only the order's own files: an id from another order names nothing here.
		if (!file || file.meta.owner !== receiptOwner(order.id)) return null
		return { contentType: file.meta.contentType, byteSize: file.meta.byteSize, body: file.body }
	}
	const contentType = diskReceiptContentType(key)
	if (!contentType) return null
	const bytes = await disk.read(key)
	return bytes ? { contentType, byteSize: bytes.byteLength, body: [bytes] } : null
}

/** The receipts an order's current one replaced (at most RECEIPT_HISTORY - 1), newest first, for staff. */
export async function earlierReceipts(db: Db, order: { id: number; receiptPath: string | null }): Promise<{ id: string; uploadedAt: string }[]> {
	const current = order.receiptPath?.startsWith('file:') ? order.receiptPath.slice('file:'.length) : null
	return (await filesOf(db, receiptOwner(order.id))).filter((f) => f.id !== current).map((f) => ({ id: f.id, uploadedAt: f.createdAt.toISOString() }))
}
