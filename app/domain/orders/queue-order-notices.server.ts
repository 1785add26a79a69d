import type { Db, Tx } from '../../db/client.server'
import type { Lang } from '../../i18n/lang'
import { queueOrderPush } from '../push/queue-order-push.server'
import type { PushEvent } from '../push/push-text.server'
import { queueOrderWhatsApp } from '../whatsapp/queue-order-whatsapp.server'

/**
 * Tells the buyer of an order event on every channel they asked for: a push to each phone signed up
 * (ADR-033), a WhatsApp message when they ticked it at checkout (ADR-035). In the caller's
 * transaction; `key` names the event, so each channel hears of it once however often it happens.
 */
export async function queueOrderNotices(
	tx: Db | Tx,
	order: { orderNumber: string; customerEmail: string | null; lang: Lang },
	event: PushEvent,
	key: string,
	options: { amount?: number } = {},
): Promise<void> {
	await queueOrderPush(tx, order, event, key, options)
	await queueOrderWhatsApp(tx, order.orderNumber, event, key, options)
}
