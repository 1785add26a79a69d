import type { Db, Tx } from '../../db/client.server'
import { enqueueJob } from '../jobs/queue.server'

/**
 * Queues the purchase of what an order is owed from its options' suppliers, in the caller's
 * transaction (the payment's, or stock's): the job exists exactly when the debt does. One per order
 * from payment; a retry or a resume after a crash brings its own key.
 */
export async function queueSupplierPurchase(tx: Db | Tx, orderId: number, again?: string) {
	await enqueueJob(tx, { kind: 'buy-from-suppliers', payload: { orderId }, dedupeKey: `suppliers:${orderId}${again ? `:${again}` : ''}`, maxAttempts: 8 })
}
