import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { queueEmail } from '../email/queue-email.server'
import { subscriptionReminderEmail, type ReminderKind } from '../email/subscription-reminder-email.server'
import { subscriptionEndsAt } from './subscription'
import { readStoreDetails } from '../settings/store-details.server'
import { isUnsubscribed } from './renewal-unsubscribe.server'
import { withLinesOf } from './order-lines.server'

/**
 * A reminder job's work: queue the reminder email under the reminder's own key, so running the
 * job again (a retry, a restart, a second worker) queues nothing new. No email address, no reminder.
 */
export async function sendSubscriptionReminder(db: Db, orderNumber: string, kind: ReminderKind): Promise<boolean> {
	const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	const order = await withLinesOf(db, row)
	if (!order?.customerEmail) return false
	if (await isUnsubscribed(db, order.customerEmail, 'renewal-reminders')) return false
	const endsAt = subscriptionEndsAt(order.createdAt, order.durationDays)
	if (!endsAt) return false
	const email = subscriptionReminderEmail(order, kind, endsAt, (await readStoreDetails(db)).storeName)
	// The outbox row and its sending job commit together.
	return db.transaction((tx) => queueEmail(tx, email))
}
