import type { Db } from '../../db/client.server'
import type { Order } from '../orders/create-order.server'
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
	{ action, note, from }: { action: string; note: string; from?: string[] },
): Promise<{ changed: boolean; current: Order }> {
	const result = await markOrderPaid(db, order.id, {
		...(from ? { from } : {}),
		onPaid: (tx, paid) =>
			recordAudit(tx, actor, { action, orderNumber: paid.orderNumber, before: { status: order.status }, after: { status: paid.status }, note }),
	})
	return { changed: result.changed, current: result.order ?? order }
}
