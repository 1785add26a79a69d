import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'

export interface ReceiptFiles {
	list(kind: string): Promise<{ key: string; modifiedAt: Date }[]>
	remove(key: string): Promise<void>
}

const BATCH = 500

/**
 * Removes receipt files that no order references (replaced, or left by an upload that failed).
 * Only files older than `olderThanMinutes`: a file just written may belong to an upload whose
 * order update has not committed yet. Returns how many were removed.
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
