import type { Db } from '../../db/client.server'
import { markDeliverySeenOnce } from './order-store/delivery-rows.server'
import type { OrderRow } from './order'
import type { OrderView } from './order-view'

/**
 * The buyer's page (or the order API, or a live update of it) showed the order's delivered codes or
 * accounts: remembered, so a refund knows which units the buyer has opened (only units delivered after
 * this may go back to stock). Written at most once per change of the order, never on a stranger's view.
 */
export async function noteDeliverySeen(db: Db, order: Pick<OrderRow, 'id' | 'deliverySeenAt' | 'updatedAt'>, view: OrderView | null): Promise<void> {
	if (!view?.full || view.deliveryContent == null) return
	if (order.deliverySeenAt && order.deliverySeenAt >= order.updatedAt) return
	await markDeliverySeenOnce(db, order.id)
}
