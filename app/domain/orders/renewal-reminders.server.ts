import { gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { queueEmail } from '../email/queue-email.server'
import { renewalReminderEmail } from '../email/renewal-reminder-email.server'
import { readStoreDetails } from '../settings/store-details.server'
import { renewalReminderDue, subscriptionLineEnds, subscriptionsRunningSince } from './renewal'
import { isUnsubscribed } from './renewal-unsubscribe.server'
import { ordersWhoseSubscriptionsRunInBatches } from './subscription-orders.server'

/** Orders read at a time: memory stays flat however many subscriptions the shop has sold. */
const REMINDER_BATCH = 1000

/**
 * The hourly renewal sweep: for every paid, delivered order, each subscription line's reminder that
 * is due now ('before' from the owner's number of days ahead, 'due' on the day) is queued in the
 * outbox under its own key. The key is unique, so any number of runs, on any number of instances at
 * once, queue each reminder once; an address unsubscribed from renewal reminders gets none.
 * DM orders keep their own reminders (their countdown runs from the order's creation).
 */
export async function queueRenewalReminders(db: Db, now = Date.now()): Promise<number> {
	const details = await readStoreDetails(db)
	const daysBefore = details.renewalReminderDays
	// Delivered orders with an address to remind; DM orders keep their own reminders.
	const batches = ordersWhoseSubscriptionsRunInBatches(
		db,
		REMINDER_BATCH,
		isNotNull(orders.deliveredAt),
		gt(orders.deliveredAt, subscriptionsRunningSince(now)),
		isNotNull(orders.customerEmail),
		or(isNull(orders.durationDays), sql`${orders.durationDays} <= 0`),
	)
	let queued = 0
	const unsubscribed = new Map<string, boolean>()
	for await (const candidates of batches) for (const order of candidates) {
		const due = subscriptionLineEnds(order.productDetails, order.deliveredAt)
			.map((line) => ({ ...line, kind: renewalReminderDue(line.endsAt, daysBefore, now) }))
			.filter((line) => line.kind !== null)
		if (due.length === 0) continue
		const email = order.customerEmail!
		if (!unsubscribed.has(email)) unsubscribed.set(email, await isUnsubscribed(db, email, 'renewal-reminders'))
		if (unsubscribed.get(email)) continue
		for (const line of due) {
			const message = renewalReminderEmail(order, line.lineIndex, line.kind!, line.endsAt, details.storeName, now)
			// The outbox row and its sending job commit together; a second run finds the key taken.
			if (await db.transaction((tx) => queueEmail(tx, message))) queued++
		}
	}
	return queued
}
