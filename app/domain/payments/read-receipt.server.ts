import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'

export interface ReceiptReader {
	read(key: string): Promise<Buffer | null>
}

// The server named the file, so its extension is one attachReceipt chose from the bytes.
const CONTENT_TYPES: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	webp: 'image/webp',
	gif: 'image/gif',
	heic: 'image/heic',
	heif: 'image/heif',
}

/** An order's stored transfer receipt and its content type; null when the order has none. */
export async function readReceipt(db: Db, store: ReceiptReader, orderNumber: string): Promise<{ bytes: Buffer; contentType: string } | null> {
	const [order] = await db.select({ receiptPath: orders.receiptPath }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order?.receiptPath) return null
	const contentType = CONTENT_TYPES[order.receiptPath.split('.').pop()!.toLowerCase()]
	if (!contentType) return null
	const bytes = await store.read(order.receiptPath)
	return bytes ? { bytes, contentType } : null
}
