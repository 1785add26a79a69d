import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { approveTestPayment } from '../orders/order-store/delivery-rows.server'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { deliverFromStock } from '../stock/deliver-stock.server'
import { afterStockDelivery } from '../stock/stock-alerts.server'
import { paidWithNothingReturned } from '../orders/order-facts'

// A test payment (the PayPro simulator in production) moved no money, so its order takes nothing
// from stock when it is paid. Staff who know it (their own test, a demo) approve it: only then is it
// delivered from stock, as a real payment would have been.

export const TEST_ORDER_MESSAGES = {
	notFound: 'Order not found.',
	notTest: 'This order was not paid with a test payment: there is nothing to approve.',
	notPaid: 'Only a paid test order can be approved.',
	approved: 'This test order was approved already.',
}

/** Approves a paid test order and delivers it from stock in the same transaction; audited. Answers whether it is now delivered in full. */
export async function approveTestOrder(db: Db, actor: Actor, orderNumber: string): Promise<{ delivered: boolean; owed: number }> {
	const { storeName } = await readStoreDetails(db)
	const result = await db.transaction(async (tx) => {
		const [current] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1).for('update')
		if (!current) throw new AppError('NOT_FOUND', TEST_ORDER_MESSAGES.notFound)
		if (!current.testPayment) throw new AppError('CONFLICT', TEST_ORDER_MESSAGES.notTest)
		if (current.testApprovedAt) throw new AppError('CONFLICT', TEST_ORDER_MESSAGES.approved)
		if (!paidWithNothingReturned(current)) throw new AppError('CONFLICT', TEST_ORDER_MESSAGES.notPaid)
		const order = await approveTestPayment(tx, current.id, { by: actor, storeName })
		const delivery = await deliverFromStock(tx, order!, { storeName, deliveredEmail: true })
		await recordAudit(tx, actor, { action: 'order.approve_test', orderNumber, before: { test_approved: false }, after: { test_approved: true, taken_from_stock: delivery.taken, owed: delivery.owed } })
		return delivery
	})
	await afterStockDelivery(db, result, orderNumber)
	return { delivered: result.complete, owed: result.owed }
}
