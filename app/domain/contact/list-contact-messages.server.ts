import { asc, desc, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { contactMessages, contactReplies } from '../../db/schema'

/** The staff inbox: newest first, each message with its replies, oldest first. */
export async function listContactMessages(db: Db, limit = 200) {
	const messages = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit)
	const replies = messages.length
		? await db
				.select({ id: contactReplies.id, messageId: contactReplies.messageId, repliedBy: contactReplies.repliedBy, body: contactReplies.body, createdAt: contactReplies.createdAt })
				.from(contactReplies)
				.where(
					inArray(
						contactReplies.messageId,
						messages.map((m) => m.id),
					),
				)
				.orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
		: []
	return messages.map(({ threadToken: _, ...m }) => ({ ...m, replies: replies.filter((r) => r.messageId === m.id) }))
}
