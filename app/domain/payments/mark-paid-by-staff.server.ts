import type { Db } from '../../db/client.server'
import type { Order } from '../orders/order'
import { recordAudit, type Actor } from '../staff/audit.server'
import { markOrderPaid } from './mark-order-paid.server'

/**
 * Staff's way to paid (a confirmed transfer, a DM order's arranged payment): the one path to paid,
 * with the audit entry written in the same transaction. `current` is the order as it now stands.
 */
export async function markPaidByStaff(
	db: Db,
	actor: Actor,
	order: Order,
	{ action, note, via = 'confirmByStaff' }: { action: string; note: string; via?: 'confirmByStaff' | 'confirmTransfer' },
): Promise<{ changed: boolean; current: Order }> {
	const result = await markOrderPaid(db, order.id, {
		via,
		by: actor,
		onPaid: (tx, paid) =>
			recordAudit(tx, actor, { action, orderNumber: paid.orderNumber, before: { paymentStatus: order.paymentStatus }, after: { paymentStatus: paid.paymentStatus }, note }),
	})
	return { changed: result.changed, current: result.order ?? order }
}
