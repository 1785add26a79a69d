import crypto from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { pushOutbox, pushSubscriptions } from '../../db/schema'
import { localePath, type Lang } from '../../i18n/lang'
import { orderPagePath } from '../buyers/next-path'
import { enqueueJob } from '../jobs/queue.server'
import { buyerOwner, orderOwner } from './push-input'
import { pushText, type PushEvent } from './push-text.server'

interface PushOrder {
	orderNumber: string
	customerEmail: string | null
	/** The language the buyer ordered in: the push's words and the page it opens. */
	lang: Lang
}

/**
 * Writes a push about an order for every phone signed up to it (by its order page, or by the buyer's
 * address on My orders), in the caller's transaction: the push exists exactly when the event does.
 * `key` names the event (e.g. `refund:<id>`); with the subscription it is unique, so a replayed or
 * concurrent event writes nothing more. Returns how many were written.
 */
export async function queueOrderPush(tx: Db | Tx, order: PushOrder, event: PushEvent, key: string, { amount }: { amount?: number } = {}): Promise<number> {
	const owners = [orderOwner(order.orderNumber), ...(order.customerEmail ? [buyerOwner(order.customerEmail)] : [])]
	const phones = await tx.select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(inArray(pushSubscriptions.owner, owners))
	if (phones.length === 0) return 0
	const url = localePath(order.lang, orderPagePath(order.orderNumber))
	// A phone signed up both ways is told once.
	const seen = new Set<string>()
	let written = 0
	for (const phone of phones) {
		if (seen.has(phone.endpoint)) continue
		seen.add(phone.endpoint)
		const [row] = await tx
			.insert(pushOutbox)
			.values({
				dedupeKey: `${key}:${crypto.createHash('sha256').update(phone.endpoint).digest('base64url')}`,
				subscriptionId: phone.id,
				orderNumber: order.orderNumber,
				event,
				// The tag is the order's: a newer push about it replaces the older on the phone.
				payload: { ...pushText(event, order, amount), url, tag: `order-${order.orderNumber}` },
			})
			.onConflictDoNothing({ target: pushOutbox.dedupeKey })
			.returning({ id: pushOutbox.id })
		if (!row) continue
		await enqueueJob(tx, { kind: 'send-push', payload: { pushId: row.id }, dedupeKey: `push:${row.id}`, maxAttempts: 6 })
		written++
	}
	return written
}

