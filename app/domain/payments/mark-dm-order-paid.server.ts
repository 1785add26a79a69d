import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Order } from '../orders/order'
import { withLinesOf } from '../orders/order-lines.server'
import { paymentRefusal } from '../orders/order-state'
import type { Actor } from '../staff/audit.server'
import { markPaidByStaff } from './mark-paid-by-staff.server'
import { checkedNote, DM_PAID_NOTE_REQUIRED, markDmPaidInput } from './staff-note'
import { paidWithNothingReturned } from '../orders/order-facts'

export { DM_PAID_NOTE_REQUIRED }

/**
 * A DM order's payment is arranged in the chat; staff record that it arrived. Same one path to
 * paid as every payment (one paid email, the live page updates), with the audit entry in its transaction.
 */
export async function markDmOrderPaid(db: Db, actor: Actor, orderNumber: string, note: string): Promise<{ changed: boolean; order: Order }> {
	const text = checkedNote(markDmPaidInput, note, (refusal) => {
		throw new AppError('BAD_REQUEST', refusal, { note: refusal })
	})
	const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	const order = await withLinesOf(db, row)
	if (!order) throw new AppError('NOT_FOUND', `No order ${orderNumber}.`)
	if (order.paymentMethod !== 'dm') {
		throw new AppError('CONFLICT', `Order ${orderNumber} is not a DM order: online payments are confirmed by PayPro, transfers on the Transfers page.`)
	}
	if (paidWithNothingReturned(order)) return { changed: false, order }
	const { changed, current } = await markPaidByStaff(db, actor, order, { action: 'payment.mark_paid', note: text })
	// Marked paid by someone else meanwhile: nothing to do; closed meanwhile: say so.
	if (!changed && !paidWithNothingReturned(current)) throw paymentRefusal(orderNumber, 'confirmByStaff', current.paymentStatus)
	return { changed, order: current }
}
