import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { actorMay } from '../staff/permissions'
import { REVEALS_PER_HOUR, STOCK_MESSAGES } from '../stock/manage-stock.server'
import { recordStaffRevealedOrder } from './reveal-delivery.server'
import { deliveryText, maskedDeliveryText } from './staff-order-view.server'

// The console's order page shows what an order delivered masked (codes by their last characters,
// passwords hidden, text typed by staff not at all); staff who may see stock in full reveal it, the
// same grant, hourly allowance and record as a stock unit's Reveal (manage-stock.server.ts
// `revealUnit`): the audit names the order, never the content. Units staff read may be passed to the
// buyer by hand, so each of the order's units records a staff reveal (a refund can then only void them).

export const DELIVERY_REVEAL_REFUSED = 'Only the shop owner, or staff the owner lets reveal stock, may see what an order delivered in full.'

/** The order's delivery content in full, as the fulfillment form edits it; null when there is none. */
export async function revealOrderDelivery(db: Db, actor: Actor, orderNumber: string): Promise<string | null> {
	if (!actorMay(actor, 'reveal-stock')) throw new AppError('FORBIDDEN', DELIVERY_REVEAL_REFUSED)
	if (actor.staffId != null) await hitRateLimit(db, `stock-reveal:${actor.staffId}`, { limit: REVEALS_PER_HOUR, windowSeconds: 3600, message: STOCK_MESSAGES.revealLimited })
	return db.transaction(async (tx) => {
		const [order] = await tx.select({ id: orders.id, deliveryContent: orders.deliveryContent }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
		if (!order) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
		await recordAudit(tx, actor, { action: 'order.reveal-delivery', orderNumber })
		const text = deliveryText(order.deliveryContent)
		// Each unit it holds is recorded as revealed by them (ADR-050), and the text typed by hand, if any.
		await recordStaffRevealedOrder(tx, order.id, { kind: 'staff', staffId: actor.staffId ?? null, name: actor.label }, maskedDeliveryText(order.deliveryContent)?.hidden ?? false)
		return text
	})
}
