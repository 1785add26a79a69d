import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { contactMessages, contactReplies } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { invalidInput } from '../../utils/field-errors'
import { contactReplyEmail } from '../email/contact-reply-email.server'
import { queueEmail } from '../email/queue-email.server'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { CONTACT_REPLY_MESSAGES, contactReplyInput } from './contact-reply'

/**
 * A staff reply to a contact message: kept under the message, sent to the buyer by email through the
 * outbox (which retries), the message marked handled and the reply audited, all in one transaction.
 */
export async function replyToMessage(db: Db, actor: Actor, input: unknown): Promise<{ replyId: number; to: string }> {
	const parsed = contactReplyInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const { messageId, body } = parsed.data
	const { storeName } = await readStoreDetails(db)
	return db.transaction(async (tx) => {
		// Held: two replies at once are numbered and threaded one after the other.
		const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update').limit(1)
		if (!message) throw new AppError('NOT_FOUND', CONTACT_REPLY_MESSAGES.notFound)
		const earlier = await tx.select({ id: contactReplies.id }).from(contactReplies).where(eq(contactReplies.messageId, messageId)).orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
		const [reply] = await tx.insert(contactReplies).values({ messageId, staffId: actor.staffId ?? null, repliedBy: actor.label, body }).returning({ id: contactReplies.id })
		await tx.update(contactMessages).set({ handled: true }).where(eq(contactMessages.id, messageId))
		await queueEmail(tx, contactReplyEmail(message, { id: reply!.id, body }, storeName, earlier.map((r) => r.id)))
		await recordAudit(tx, actor, { action: 'contact.reply', target: `contact message ${messageId}`, after: { messageId, replyId: reply!.id, characters: body.length } })
		return { replyId: reply!.id, to: message.email }
	})
}
