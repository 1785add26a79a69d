import { desc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { emailOutbox } from '../../db/schema'

/** The email outbox for staff, newest first; the body is left out (it carries the order's private link). */
export async function listOutbox(db: Db, limit = 200) {
	return db
		.select({
			id: emailOutbox.id,
			toEmail: emailOutbox.toEmail,
			toName: emailOutbox.toName,
			subject: emailOutbox.subject,
			status: emailOutbox.status,
			attempts: emailOutbox.attempts,
			lastError: emailOutbox.lastError,
			orderNumber: emailOutbox.orderNumber,
			createdAt: emailOutbox.createdAt,
			sentAt: emailOutbox.sentAt,
		})
		.from(emailOutbox)
		.orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
		.limit(limit)
}
