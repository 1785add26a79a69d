import { and, gt, inArray, isNotNull, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { emailOutbox, orders } from '../../db/schema'
import { nowMs } from '../../utils/clock'
import { paymentReminderEmail } from '../email/payment-reminder-email.server'
import { queueEmail } from '../email/queue-email.server'
import { readStoreDetails } from '../settings/store-details.server'
import { waitsForBuyerToPay, waitsForBuyerToPaySql } from './order-facts'
import { lockOrder } from './order-store/transition.server'
import { firstReminderMinutes, paymentReminderDue, paymentReminderKey, type PaymentReminderKind } from './payment-reminders'
import { queueOrderNotices } from './queue-order-notices.server'
import { isUnsubscribed } from './renewal-unsubscribe.server'

/** Orders older than this are not looked at (they expired long before: ORDER_EXPIRY_HOURS is 72 by default). */
const LOOK_BACK_MS = 7 * 24 * 3_600_000

/**
 * The minute sweep's payment reminders (issue 34): each online order not paid yet, and each transfer
 * without its receipt, whose reminder time has come (the owner's store settings) is reminded by email,
 * and on the phones the buyer signed up (push, WhatsApp), once per order per reminder (the key is
 * unique, so any number of runs on any number of instances send it once). The order is locked and
 * asked again in the transaction that queues it: one paid, cancelled or expired meanwhile is not
 * reminded. An address unsubscribed from payment reminders gets none.
 */
export async function queuePaymentReminders(db: Db, now = nowMs()): Promise<number> {
	const details = await readStoreDetails(db)
	const settings = details.paymentReminders
	const earliest = firstReminderMinutes(settings)
	if (earliest === null) return 0
	const candidates = await db
		.select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt, customerEmail: orders.customerEmail })
		.from(orders)
		.where(and(waitsForBuyerToPaySql(), isNotNull(orders.customerEmail), lte(orders.createdAt, new Date(now - earliest * 60_000)), gt(orders.createdAt, new Date(now - LOOK_BACK_MS))))
		.limit(1000)
	const due = candidates.flatMap((o) => {
		const kind = paymentReminderDue(o.createdAt, settings, now)
		return kind ? [{ ...o, kind, key: paymentReminderKey(o.orderNumber, kind) }] : []
	})
	if (due.length === 0) return 0
	// Reminders already sent are not looked at again.
	const sent = new Set((await db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox).where(inArray(emailOutbox.dedupeKey, due.map((d) => d.key)))).map((r) => r.key))
	const unsubscribed = new Map<string, boolean>()
	let queued = 0
	for (const order of due) {
		if (sent.has(order.key)) continue
		const email = order.customerEmail!
		if (!unsubscribed.has(email)) unsubscribed.set(email, await isUnsubscribed(db, email, 'payment-reminders'))
		if (unsubscribed.get(email)) continue
		if (await remind(db, order.id, order.kind, details.storeName)) queued++
	}
	return queued
}

/** One reminder, if the order still waits for its buyer: the email, and the phones when the email is new. */
async function remind(db: Db, orderId: number, kind: PaymentReminderKind, storeName: string): Promise<boolean> {
	return db.transaction(async (tx) => {
		const order = await lockOrder(tx, { id: orderId })
		if (!order?.customerEmail || !waitsForBuyerToPay(order)) return false
		if (!(await queueEmail(tx, paymentReminderEmail(order, kind, storeName)))) return false
		await queueOrderNotices(tx, order, 'payment-reminder', paymentReminderKey(order.orderNumber, kind))
		return true
	})
}
