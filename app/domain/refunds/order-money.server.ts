import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderLines } from '../../db/schema'
import type { Order } from '../orders/order'
import { seenUnitsByLine } from '../orders/reveal-delivery.server'
import { may, type GrantHolder } from '../staff/permissions'
import { refundsOf } from './list-refunds.server'

/** The order's lines as a refund reads them: what was bought, what is already refunded, and which delivered units the buyer has seen. */
export async function refundableLines(db: Db, order: Parameters<typeof seenUnitsByLine>[1]) {
	const rows = await db
		.select({ id: orderLines.id, name: orderLines.name, option: orderLines.optionLabel, quantity: orderLines.quantity, unitPrice: orderLines.unitPrice, refundedQuantity: orderLines.refundedQuantity })
		.from(orderLines)
		.where(eq(orderLines.orderId, order.id))
		.orderBy(asc(orderLines.position))
	// Which delivered units the buyer has seen: the form says those can only be voided.
	const seen = await seenUnitsByLine(db, order)
	return rows.map((line) => ({ ...line, held: seen.get(line.id)?.held ?? 0, seen: seen.get(line.id)?.seen ?? 0 }))
}

/** The console order page's money (issue 23): refunds, the lines that may be refunded, the cancel's reason, and whether this staff member may refund. */
export async function orderMoney(db: Db, order: Order, staff: GrantHolder) {
	return {
		cancelReason: order.cancelReason,
		cancelledAt: order.cancelledAt?.toISOString() ?? null,
		refundedAmount: order.refundedAmount,
		left: order.totalAmount - order.refundedAmount,
		refunds: await refundsOf(db, order.id),
		lines: await refundableLines(db, order),
		mayRefund: may(staff, 'refunds'),
	}
}
