import type { OrderView } from './order-view'

/**
 * Whether the order as shown carries what was delivered (codes, account logins): a page showing
 * it must never be kept on the buyer's device for offline reading (ADR-034).
 */
export function showsDeliveredContent(order: OrderView): boolean {
	return order.full && order.deliveryContent != null && order.deliveryContent !== ''
}
