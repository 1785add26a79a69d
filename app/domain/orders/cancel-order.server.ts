import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { cancelInput } from '../refunds/refund-input'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { transition } from './order-store/transition.server'
import type { OrderRow } from './order'

/**
 * Staff cancel an order that is not paid, with a reason the buyer reads. In one transaction: the
 * conditional update (`cancel`'s from-states: of a cancel and a payment at once exactly one wins),
 * the buyer's email (outbox), the audit entry and the live notice to the open order page. From then
 * on "Continue to payment", "Try again" and a new PayPro page are refused (the state allows none).
 * Nothing was taken from stock before payment (deliver-stock.server.ts), so none is held to give back;
 * coupon uses are counted only on orders not cancelled. A PayPro payment that still arrives is kept
 * (`payAfterCancel`).
 */
export async function cancelOrder(db: Db, actor: Actor, orderNumber: string, input: { reason: string }): Promise<OrderRow> {
	const parsed = cancelInput.safeParse(input)
	if (!parsed.success) {
		const message = parsed.error.issues[0]!.message
		throw new AppError('BAD_REQUEST', message, { reason: message })
	}
	const { reason } = parsed.data
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		// The row held: a payment confirmed meanwhile is seen, and refuses the cancel with its sentence.
		const [before] = await tx.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.orderNumber, orderNumber)).for('update')
		if (!before) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
		// The move tells the buyer (email, phones) and the open page.
		const row = await transition(tx, { orderNumber }, 'cancel', { cancelReason: reason, cancelledAt: new Date() }, { by: actor, storeName, facts: { reason } })
		await recordAudit(tx, actor, { action: 'order.cancel', orderNumber, before: { payment_status: before.paymentStatus }, after: { payment_status: row.paymentStatus }, note: reason })
		return row
	})
}
