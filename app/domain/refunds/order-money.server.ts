import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderLines } from '../../db/schema'
import type { Order } from '../orders/order'
import { orderStockUnits } from '../stock/order-stock.server'
import { may, type GrantHolder } from '../staff/permissions'
import { refundsOf } from './list-refunds.server'
import { leftToRefund } from './refundable'

/** The order's lines as a refund reads them: what was bought and paid for it (after its discount), what is already refunded, and the delivered units still held, each with whether the buyer has seen it. */
export async function refundableLines(db: Db, order: Pick<Order, 'id'>) {
	const rows = await db
		.select({ id: orderLines.id, position: orderLines.position, name: orderLines.name, option: orderLines.optionLabel, quantity: orderLines.quantity, lineTotal: orderLines.lineTotal, refundedQuantity: orderLines.refundedQuantity })
		.from(orderLines)
		.where(eq(orderLines.orderId, order.id))
		.orderBy(asc(orderLines.position))
	// Each delivered unit is ticked on its own; the form says the ones the buyer has seen can only be voided.
	const held = (await orderStockUnits(db, order.id)).filter((u) => !u.replacedAt)
	return rows.map(({ position, ...line }) => ({ ...line, units: held.filter((u) => u.lineIndex === position).map((u) => ({ assignmentId: u.assignmentId, masked: u.masked, seen: u.seenByBuyer })) }))
}

/** The console order page's money (issue 23): refunds, the lines that may be refunded, the cancel's reason, and whether this staff member may refund. */
export async function orderMoney(db: Db, order: Order, staff: GrantHolder) {
	return {
		cancelReason: order.cancelReason,
		cancelledAt: order.cancelledAt?.toISOString() ?? null,
		refundedAmount: order.refundedAmount,
		left: leftToRefund(order),
		refunds: await refundsOf(db, order.id),
		lines: await refundableLines(db, order),
		mayRefund: may(staff, 'refunds'),
	}
}
