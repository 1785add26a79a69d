import type { Db, Tx } from '../../db/client.server'
import type { Order } from '../orders/order'
import type { EventFacts } from '../orders/order-events.server'
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
	{
		action,
		note,
		via = 'confirmByStaff',
		facts,
		onCommitted,
	}: {
		action: string
		note: string
		/** Facts the paid event keeps (confirmed from a statement), distinct from staff's own confirmation on the timeline. */
		facts?: EventFacts
		via?: 'confirmByStaff' | 'confirmTransfer'
		/** Runs in the payment's transaction after the audit entry (a statement credit claiming the order); throwing undoes the payment. */
		onCommitted?: (tx: Tx, paid: Order) => Promise<void>
	},
): Promise<{ changed: boolean; current: Order }> {
	const result = await markOrderPaid(db, order.id, {
		via,
		by: actor,
		facts,
		onPaid: async (tx, paid) => {
			await recordAudit(tx, actor, { action, orderNumber: paid.orderNumber, before: { paymentStatus: order.paymentStatus }, after: { paymentStatus: paid.paymentStatus }, note })
			if (onCommitted) await onCommitted(tx, paid)
		},
	})
	return { changed: result.changed, current: result.order ?? order }
}
