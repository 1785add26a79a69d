import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { stockAssignments } from '../../db/schema'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import type { Order, OrderRow } from './order'
import { parseDeliveryContent, type FullOrderView, type OrderView } from './order-view'
import { publicOrderView } from './view-order.server'
import { markDeliverySeen } from './order-store/delivery-rows.server'

// The one way an order's delivered codes and account logins reach a buyer in plain text (the order
// page, its API and live updates, My orders in either language, and any later view): revealing them
// records the moment the buyer saw them, before the plain text is handed over. A refund reads that
// moment: a unit delivered at or before it was seen and never goes back to stock (ADR-016, ADR-030).
// Staff revealing a sold unit (to send it by hand) count the same. `orders.delivery_seen_at` is
// written here and nowhere else.

/** Whether a unit delivered at `assignedAt` was shown to the buyer: the rule refunds and the console read. */
export function seenByBuyer(order: Pick<OrderRow, 'deliverySeenAt'>, assignedAt: Date): boolean {
	return order.deliverySeenAt != null && assignedAt <= order.deliverySeenAt
}

/** Whether the order's page shows delivered content yet: completed, or partly delivered from stock. */
const hasDelivered = (order: OrderRow) => (order.deliveryStatus === 'completed' || Boolean(order.stockDeliveredAt)) && order.deliveryContent != null

function fullView(order: Order): FullOrderView {
	return {
		...publicOrderView(order),
		full: true,
		customerName: order.customerName ?? '',
		customerEmail: order.customerEmail,
		customerPhone: order.customerPhone,
		items: order.productDetails,
		// Completed, or partly delivered from stock: the buyer sees what came while the rest is owed.
		deliveryContent: hasDelivered(order) ? parseDeliveryContent(decryptDelivery(order.deliveryContent)) : null,
		partlyDelivered: order.deliveryStatus !== 'completed' && Boolean(order.stockDeliveredAt),
		owedUnits: order.undeliveredUnits,
		receiptUploaded: Boolean(order.receiptPath),
		deliveredAt: order.deliveredAt?.toISOString() ?? null,
	}
}

/** The orders in full for their buyer, delivered codes and logins included: recorded as seen before they are returned. */
export async function revealOrders(db: Db, found: Order[]): Promise<FullOrderView[]> {
	const fresh = new Map((await markDeliverySeen(db, found.filter(hasDelivered).map((order) => order.id))).map((row) => [row.id, row]))
	return found.map((order) => fullView(fresh.has(order.id) ? { ...order, ...fresh.get(order.id)! } : order))
}

/** One order in full for its buyer (see revealOrders). */
export async function revealOrder(db: Db, order: Order): Promise<FullOrderView> {
	return (await revealOrders(db, [order]))[0]!
}

/** The order as its asker may see it: in full (revealed, so recorded as seen) for its buyer, the public part for anyone else. */
export async function viewOrderFor(db: Db, order: Order, { full }: { full: boolean }): Promise<OrderView> {
	return full ? revealOrder(db, order) : publicOrderView(order)
}

/**
 * Staff revealed a stock unit in full (to send it by hand, say): every order holding it counts as
 * having seen it from now, so a refund of those orders cannot put it back in stock.
 */
export async function recordUnitRevealed(tx: Tx, unitId: number): Promise<void> {
	const holders = await tx
		.select({ orderId: stockAssignments.orderId })
		.from(stockAssignments)
		.where(and(eq(stockAssignments.unitId, unitId), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
	await markDeliverySeen(
		tx,
		holders.map((h) => h.orderId),
	)
}
