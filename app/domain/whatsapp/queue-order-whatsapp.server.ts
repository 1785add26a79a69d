import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, whatsappOutbox } from '../../db/schema'
import { localePath } from '../../i18n/lang'
import { absoluteUrl } from '../../utils/origin.server'
import { orderPagePath } from '../buyers/next-path'
import { enqueueJob } from '../jobs/queue.server'
import type { PushEvent } from '../push/push-text.server'
import { whatsappDigits } from '../settings/store-details'
import { whatsappSentence } from './whatsapp-text.server'
import { whatsappConnected } from './whatsapp-settings.server'

/**
 * Writes the WhatsApp message about an order event when its buyer ticked "Send updates on WhatsApp"
 * and the owner has connected WhatsApp, in the caller's transaction: it exists exactly when the event
 * does. `key` names the event and is unique: a replayed or concurrent event writes nothing more.
 * Returns whether one was written.
 */
export async function queueOrderWhatsApp(tx: Db | Tx, orderNumber: string, event: PushEvent, key: string, { amount }: { amount?: number } = {}): Promise<boolean> {
	if (!(await whatsappConnected(tx))) return false
	const [order] = await tx.select({ phone: orders.customerPhone, lang: orders.lang, wanted: orders.whatsappUpdates }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	const to = order?.wanted && order.phone ? whatsappDigits(order.phone) : null
	if (!order || !to) return false
	const [row] = await tx
		.insert(whatsappOutbox)
		.values({
			dedupeKey: key,
			orderNumber,
			event,
			toPhone: to,
			lang: order.lang,
			params: { orderNumber, sentence: whatsappSentence(event, order.lang, amount), url: absoluteUrl(localePath(order.lang, orderPagePath(orderNumber))) },
		})
		.onConflictDoNothing({ target: whatsappOutbox.dedupeKey })
		.returning({ id: whatsappOutbox.id })
	if (!row) return false
	await enqueueJob(tx, { kind: 'send-whatsapp', payload: { messageId: row.id }, dedupeKey: `whatsapp:${row.id}`, maxAttempts: 6 })
	return true
}
