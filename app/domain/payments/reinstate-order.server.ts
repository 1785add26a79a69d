import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/order'
import { paymentRefusal } from '../orders/order-state'
import { recordAudit, type Actor } from '../staff/audit.server'
import { markOrderPaid } from './mark-order-paid.server'
import { requireGrant } from '../staff/permissions'

/**
 * Staff keep a payment that arrived after the order was cancelled: the order becomes paid by the one
 * path to paid (markOrderPaid: delivery from stock runs, the paid email goes, the open page updates),
 * with the audit entry in its transaction. Of two staff at once, one reinstates; the other is told.
 */
export async function reinstateOrder(db: Db, actor: Actor, orderNumber: string, note = ''): Promise<Order> {
	requireGrant(actor, 'refunds')
	const [row] = await db.select({ id: orders.id, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
	const { changed, order } = await markOrderPaid(db, row.id, {
		via: 'reinstate',
		by: actor,
		onPaid: (tx, paid) => recordAudit(tx, actor, { action: 'order.reinstate', orderNumber, before: { payment_status: row.paymentStatus }, after: { payment_status: paid.paymentStatus }, note: note || null }),
	})
	if (!changed || !order) throw paymentRefusal(orderNumber, 'reinstate', order?.paymentStatus ?? row.paymentStatus)
	return order
}
