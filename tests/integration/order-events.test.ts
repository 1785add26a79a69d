// One writer of the order (ADR-036), on PGlite and PostgreSQL: every move is recorded once as an order
// event (from → to, who, its facts) in the move's transaction, however often it is tried at once, and the
// buyer hears of it once on each channel; the console's timeline reads the events in words.
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents } from '../../app/db/schema'
import { cancelOrder } from '../../app/domain/orders/cancel-order.server'
import { orderTimeline } from '../../app/domain/orders/order-timeline.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import type { Actor } from '../../app/domain/staff/audit.server'
import { placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

describe.each(databaseKinds)('order events on %s', (kind) => {
	const database = useTestDatabase(kind)
	const eventsOf = (orderId: number) => database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))

	it('records a cancel tried five times at once as one event, with who and why, and emails the buyer once', async () => {
		const { db } = database
		const order = await placeOrder(db)
		const tries = await Promise.allSettled(Array.from({ length: 5 }, () => cancelOrder(db, owner, order.orderNumber, { reason: 'Out of stock for this card' })))
		expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1)
		expect(tries.filter((t) => t.status === 'rejected').map((t) => (t as PromiseRejectedResult).reason.message)).toEqual(Array(4).fill(`Order ${order.orderNumber} cannot be cancelled: its payment is cancelled.`))

		expect(await eventsOf(order.id)).toMatchObject([{ kind: 'cancel', fromState: 'awaiting_payment', toState: 'cancelled', actorKind: 'staff', actor: 'owner@example.pk', facts: { reason: 'Out of stock for this card' } }])
		expect((await db.select().from(emailOutbox)).filter((e) => e.orderNumber === order.orderNumber)).toHaveLength(1)

		const timeline = await orderTimeline(db, order)
		expect(timeline.map((e) => [e.who, e.what, e.details])).toEqual([
			['', 'Order placed', []],
			['owner@example.pk', 'Cancelled', ['Reason: Out of stock for this card']],
		])
	})

	it('records a payment confirmed by staff five times at once once, and a refund with its amount, in the order they happened', async () => {
		const { db } = database
		const order = await placeOrder(db)
		const paid = await Promise.all(Array.from({ length: 5 }, () => markOrderPaid(db, order.id, { via: 'confirmByStaff', by: owner })))
		expect(paid.filter((p) => p.changed)).toHaveLength(1)
		await refundOrder(db, owner, order.orderNumber, refundInput.parse({ method: 'bank', reason: 'Buyer asked', amount: 1000 }))

		const events = await eventsOf(order.id)
		expect(events.map((e) => [e.kind, e.fromState, e.toState, e.actorKind])).toEqual([
			['confirmByStaff', 'awaiting_payment', 'paid', 'staff'],
			['refundPart', 'paid', 'partly_refunded', 'staff'],
		])
		expect(events[1]!.facts).toMatchObject({ amount: 1000, reason: 'Buyer asked', method: 'bank' })
		const timeline = await orderTimeline(db, order)
		expect(timeline.slice(1).map((e) => [e.what, e.details])).toEqual([
			['Marked paid by staff', []],
			['Refunded in part', ['Amount: Rs. 1,000', 'Reason: Buyer asked']],
		])
		expect(timeline.every((e, i) => i === 0 || e.at >= timeline[i - 1]!.at)).toBe(true)
	})
})
